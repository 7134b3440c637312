from parse_csv_line import *  # noqa: F401,F403
from parse_csv_line import parse_csv_line


def check(parse_csv_line):
    assert parse_csv_line('a,"b,c",d') == ["a", "b,c", "d"]
    assert parse_csv_line('"say ""hi""", x ') == ['say "hi"', " x "]
    assert parse_csv_line("") == [""]
    assert parse_csv_line(" a , b ") == [" a ", " b "]
    assert parse_csv_line("1;2;;3", delimiter=";") == ["1", "2", "", "3"]
    assert parse_csv_line('x,""') == ["x", ""]


def test_parse_csv_line():
    check(parse_csv_line)

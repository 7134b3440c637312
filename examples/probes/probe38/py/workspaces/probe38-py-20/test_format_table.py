from format_table import *  # noqa: F401,F403
from format_table import format_table

def check(format_table):
    assert format_table([["id", "name"], ["7", "Ann"], ["12", "Bo"]]) == "id | name\n7  | Ann\n12 | Bo"
    assert format_table([]) == ""
    assert format_table([["x"]]) == "x"
    assert format_table([["a", "bb", "c"], ["aaa", "", "cc"]]) == "a   | bb | c\naaa |    | cc"


def test_format_table():
    check(format_table)

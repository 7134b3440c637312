from csv_format_row import *  # noqa: F401,F403
from csv_format_row import csv_format_row

def check(csv_format_row):
    assert csv_format_row(["a", 1, None, 'say "hi"']) == 'a,1,,"say ""hi"""'
    assert csv_format_row([]) == ""
    assert csv_format_row(["x,y", "z"]) == '"x,y",z'
    assert csv_format_row(["x,y", "z"], sep=";") == "x,y;z"
    assert csv_format_row([" padded ", "two\nlines"]) == ' padded ,"two\nlines"'
    assert csv_format_row([1.5, True, ""]) == "1.5,True,"
    assert csv_format_row(["  ", "a b"]) == "  ,a b"


def test_csv_format_row():
    check(csv_format_row)

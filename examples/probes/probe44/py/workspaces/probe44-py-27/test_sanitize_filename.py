from sanitize_filename import *  # noqa: F401,F403
from sanitize_filename import sanitize_filename


def check(sanitize_filename):
    assert sanitize_filename("report: Q1/Q2?.txt") == "report_ Q1_Q2_.txt"
    assert sanitize_filename("con.txt") == "_con.txt"
    assert sanitize_filename("notes. . ") == "notes"
    assert sanitize_filename("...") == "_"
    assert sanitize_filename("tab\there", replacement="-") == "tab-here"
    assert sanitize_filename("Lpt3") == "_Lpt3"
    assert sanitize_filename("console.log") == "console.log"


def test_sanitize_filename():
    check(sanitize_filename)

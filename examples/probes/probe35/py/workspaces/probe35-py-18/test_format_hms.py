from format_hms import *  # noqa: F401,F403
from format_hms import format_hms

def check(candidate):
    assert candidate(0) == "0:00:00"
    assert candidate(59) == "0:00:59"
    assert candidate(3600) == "1:00:00"
    assert candidate(3661) == "1:01:01"
    assert candidate(86399) == "23:59:59"
    assert candidate(90000) == "25:00:00"
    assert candidate(360000) == "100:00:00"


def test_format_hms():
    check(format_hms)

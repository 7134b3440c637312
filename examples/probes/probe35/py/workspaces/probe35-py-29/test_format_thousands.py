from format_thousands import *  # noqa: F401,F403
from format_thousands import format_thousands

def check(candidate):
    assert candidate(0) == "0"
    assert candidate(999) == "999"
    assert candidate(1000) == "1,000"
    assert candidate(-1234) == "-1,234"
    assert candidate(1234567) == "1,234,567"
    assert candidate(100000) == "100,000"
    assert candidate(-999) == "-999"
    assert candidate(12) == "12"


def test_format_thousands():
    check(format_thousands)

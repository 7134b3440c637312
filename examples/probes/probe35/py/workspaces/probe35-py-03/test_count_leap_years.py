from count_leap_years import *  # noqa: F401,F403
from count_leap_years import count_leap_years

def check(candidate):
    assert candidate(2001, 2010) == 2
    assert candidate(1896, 1904) == 2
    assert candidate(2000, 2000) == 1
    assert candidate(1900, 1900) == 0
    assert candidate(2010, 2001) == 0
    assert candidate(1999, 2001) == 1
    assert candidate(1601, 2000) == 97


def test_count_leap_years():
    check(count_leap_years)

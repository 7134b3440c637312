from snail_days import *  # noqa: F401,F403
from snail_days import snail_days

def check(snail_days):
    assert snail_days(10, 3, 2) == 8
    assert snail_days(5, 5, 1) == 1
    assert snail_days(20, 7, 3) == 5
    assert snail_days(1, 1, 0) == 1
    assert snail_days(100, 10, 9) == 91
    assert snail_days(12, 4, 1) == 4
    assert snail_days(6, 2, 0) == 3


def test_snail_days():
    check(snail_days)

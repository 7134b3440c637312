from stddev import *  # noqa: F401,F403
from stddev import stddev

def check(stddev):
    assert stddev([2, 4, 4, 4, 5, 5, 7, 9]) == 2.0
    assert round(stddev([1, 2, 3, 4], sample=True), 6) == 1.290994
    assert stddev([5]) == 0.0
    assert stddev([3, 3]) == 0.0
    assert round(stddev([1.5, 2.5]), 6) == 0.5
    assert stddev([10, 10, 10], sample=True) == 0.0


def test_stddev():
    check(stddev)

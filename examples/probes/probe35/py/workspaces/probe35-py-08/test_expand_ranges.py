from expand_ranges import *  # noqa: F401,F403
from expand_ranges import expand_ranges

def check(candidate):
    assert candidate("") == []
    assert candidate("5") == [5]
    assert candidate("1-3,5") == [1, 2, 3, 5]
    assert candidate("8-9") == [8, 9]
    assert candidate("4-4") == [4]
    assert candidate("10-12,1") == [10, 11, 12, 1]


def test_expand_ranges():
    check(expand_ranges)

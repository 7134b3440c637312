from second_largest import *  # noqa: F401,F403
from second_largest import second_largest

def check(second_largest):
    assert second_largest([3, 1, 4, 1, 5]) == 4
    assert second_largest([7, 7, 7]) is None
    assert second_largest([]) is None
    assert second_largest([2]) is None
    assert second_largest([5, 5, 3]) == 3
    assert second_largest([-1, -2]) == -2
    assert second_largest([1, 2, 2]) == 1
    assert second_largest([10, 9, 10, 8]) == 9


def test_second_largest():
    check(second_largest)

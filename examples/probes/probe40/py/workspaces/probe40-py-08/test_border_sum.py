from border_sum import *  # noqa: F401,F403
from border_sum import border_sum

def check(border_sum):
    assert border_sum([[1, 2, 3], [4, 5, 6], [7, 8, 9]]) == 40
    assert border_sum([[5]]) == 5
    assert border_sum([[1, 2], [3, 4], [5, 6]]) == 21
    assert border_sum([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]) == 65
    assert border_sum([]) == 0
    assert border_sum([[1, 2, 3, 4]]) == 10
    assert border_sum([[1, 1, 1, 1], [1, 9, 9, 1], [1, 1, 1, 1]]) == 10


def test_border_sum():
    check(border_sum)

from sliding_window_max import *  # noqa: F401,F403
from sliding_window_max import sliding_window_max

def check(sliding_window_max):
    assert sliding_window_max([1, 3, -1, -3, 5, 3, 6, 7], 3) == [3, 3, 5, 5, 6, 7]
    assert sliding_window_max([4, 2], 1) == [4, 2]
    assert sliding_window_max([1, 2], 3) == []
    assert sliding_window_max([5, 4, 3, 2, 1], 2) == [5, 4, 3, 2]
    assert sliding_window_max([9, 1, 1, 1], 3) == [9, 1]
    assert sliding_window_max([2, 2, 2], 2) == [2, 2]


def test_sliding_window_max():
    check(sliding_window_max)

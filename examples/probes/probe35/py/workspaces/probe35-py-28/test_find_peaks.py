from find_peaks import *  # noqa: F401,F403
from find_peaks import find_peaks

def check(candidate):
    assert candidate([]) == []
    assert candidate([1]) == []
    assert candidate([1, 3, 2]) == [1]
    assert candidate([1, 2, 2, 1]) == [1]
    assert candidate([1, 2, 2]) == []
    assert candidate([3, 3, 1]) == []
    assert candidate([0, 5, 1, 4, 4, 4, 2, 6]) == [1, 3]
    assert candidate([2, 1, 2, 1, 2]) == [2]


def test_find_peaks():
    check(find_peaks)

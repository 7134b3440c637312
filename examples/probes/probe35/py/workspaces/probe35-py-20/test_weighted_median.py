from weighted_median import *  # noqa: F401,F403
from weighted_median import weighted_median

def check(candidate):
    assert candidate([3, 1, 2], [1, 1, 1]) == 2
    assert candidate([1, 2, 3], [1, 1, 5]) == 3
    assert candidate([5], [2]) == 5
    assert candidate([10, 1], [1, 3]) == 1
    assert candidate([4, 1, 3, 2], [1, 1, 1, 1]) == 2
    assert candidate([7, 3, 9], [5, 1, 1]) == 7
    assert candidate([9, 8, 1], [1, 1, 3]) == 1


def test_weighted_median():
    check(weighted_median)

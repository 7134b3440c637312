from trapped_water import *  # noqa: F401,F403
from trapped_water import trapped_water

def check(candidate):
    assert candidate([]) == 0
    assert candidate([5]) == 0
    assert candidate([1, 2, 3]) == 0
    assert candidate([3, 0, 3]) == 3
    assert candidate([3, 0, 2, 0, 4]) == 7
    assert candidate([0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1]) == 6
    assert candidate([4, 2, 0, 3, 2, 5]) == 9
    assert candidate([2, 0, 1]) == 1


def test_trapped_water():
    check(trapped_water)

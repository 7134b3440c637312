from pivot_index import *  # noqa: F401,F403
from pivot_index import pivot_index

def check(pivot_index):
    assert pivot_index([1, 7, 3, 6, 5, 6]) == 3
    assert pivot_index([2, 1, -1]) == 0
    assert pivot_index([1, 2, 3]) == -1
    assert pivot_index([]) == -1
    assert pivot_index([0]) == 0
    assert pivot_index([1, -1, 4]) == 2
    assert pivot_index([0, 0, 0]) == 0
    assert pivot_index([5, 3, 2, 5]) == -1


def test_pivot_index():
    check(pivot_index)

from merge_sorted import *  # noqa: F401,F403
from merge_sorted import merge_sorted

def check(merge_sorted):
    assert merge_sorted([1, 4, 9], [2, 3, 10, 11]) == [1, 2, 3, 4, 9, 10, 11]
    assert merge_sorted([1, 1], [1]) == [1, 1, 1]
    assert merge_sorted([], []) == []
    assert merge_sorted([1], []) == [1]
    assert merge_sorted([], [2, 3]) == [2, 3]
    assert merge_sorted([1, 1, 3], [1, 2]) == [1, 1, 1, 2, 3]
    assert merge_sorted([5, 6], [1, 2]) == [1, 2, 5, 6]
    assert merge_sorted([1, 2], [5, 6]) == [1, 2, 5, 6]


def test_merge_sorted():
    check(merge_sorted)

from merge_k_sorted import *  # noqa: F401,F403
from merge_k_sorted import merge_k_sorted

def check(merge_k_sorted):
    assert merge_k_sorted([[1, 4, 7], [2, 5], [3, 6, 9]]) == [1, 2, 3, 4, 5, 6, 7, 9]
    assert merge_k_sorted([[], [1], []]) == [1]
    assert merge_k_sorted([]) == []
    assert merge_k_sorted([[1, 1, 2], [1, 3]]) == [1, 1, 1, 2, 3]
    assert merge_k_sorted([[-5, 0, 10]]) == [-5, 0, 10]


def test_merge_k_sorted():
    check(merge_k_sorted)

from merge_intervals import *  # noqa: F401,F403
from merge_intervals import merge_intervals

def check(merge_intervals):
    assert merge_intervals([[1, 3], [2, 6], [8, 10]]) == [[1, 6], [8, 10]]
    assert merge_intervals([[1, 4], [4, 5]]) == [[1, 5]]
    assert merge_intervals([]) == []
    assert merge_intervals([[1, 10], [2, 3]]) == [[1, 10]]
    assert merge_intervals([[5, 6], [1, 2]]) == [[1, 2], [5, 6]]
    assert merge_intervals([[2, 3], [1, 5], [6, 7], [7, 9]]) == [[1, 5], [6, 9]]
    assert merge_intervals([[3, 3]]) == [[3, 3]]


def test_merge_intervals():
    check(merge_intervals)

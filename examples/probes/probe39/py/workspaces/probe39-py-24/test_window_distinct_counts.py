from window_distinct_counts import *  # noqa: F401,F403
from window_distinct_counts import window_distinct_counts

def check(window_distinct_counts):
    assert window_distinct_counts([1, 2, 1, 3, 4, 2, 3], 4) == [3, 4, 4, 3]
    assert window_distinct_counts([5, 5, 5], 2) == [1, 1]
    assert window_distinct_counts([1, 2, 3], 5) == []
    assert window_distinct_counts([1, 2, 3, 4], 1) == [1, 1, 1, 1]
    assert window_distinct_counts([1, 1, 2, 2], 2) == [1, 2, 1]
    assert window_distinct_counts(["a", "b", "a", "a"], 3) == [2, 2]


def test_window_distinct_counts():
    check(window_distinct_counts)

from interval_point_counts import *  # noqa: F401,F403
from interval_point_counts import interval_point_counts

def check(interval_point_counts):
    assert interval_point_counts([(1, 4), (3, 6)], [0, 3, 4, 6]) == [0, 2, 2, 1]
    assert interval_point_counts([], [5]) == [0]
    assert interval_point_counts([(2, 2)], [1, 2, 3]) == [0, 1, 0]
    assert interval_point_counts([(0, 10), (5, 5), (10, 12)], [5, 10, 11]) == [2, 2, 1]
    assert interval_point_counts([(1, 3)], []) == []


def test_interval_point_counts():
    check(interval_point_counts)

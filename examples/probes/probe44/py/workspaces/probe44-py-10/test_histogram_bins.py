from histogram_bins import *  # noqa: F401,F403
from histogram_bins import histogram_bins


def check(histogram_bins):
    assert histogram_bins([0, 1, 2, 3, 4, 10], 0, 10, 5) == [2, 2, 1, 0, 1]
    assert histogram_bins([], 0, 1, 3) == [0, 0, 0]
    assert histogram_bins([-1, 11, 5], 0, 10, 2) == [0, 1]
    assert histogram_bins([0.5, 1.5, 2.0], 0, 2, 2) == [1, 2]
    assert histogram_bins([3, 3, 3], 0, 3, 3) == [0, 0, 3]
    assert sum(histogram_bins([1, 2, 3, 4, 5], 1, 5, 4)) == 5


def test_histogram_bins():
    check(histogram_bins)

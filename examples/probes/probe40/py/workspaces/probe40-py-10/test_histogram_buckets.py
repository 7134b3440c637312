from histogram_buckets import *  # noqa: F401,F403
from histogram_buckets import histogram_buckets

def check(histogram_buckets):
    assert histogram_buckets([1, 4, 5, 9, 10], 5) == {0: 2, 5: 2, 10: 1}
    assert histogram_buckets([], 3) == {}
    assert histogram_buckets([0, 0, 0], 1) == {0: 3}
    assert histogram_buckets([7, 3, 12], 10) == {0: 2, 10: 1}
    assert histogram_buckets([25], 7) == {21: 1}
    assert histogram_buckets([1, 2, 3, 4], 2) == {0: 1, 2: 2, 4: 1}


def test_histogram_buckets():
    check(histogram_buckets)

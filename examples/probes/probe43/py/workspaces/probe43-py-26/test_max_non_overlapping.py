from max_non_overlapping import *  # noqa: F401,F403
from max_non_overlapping import max_non_overlapping

def check(max_non_overlapping):
    assert max_non_overlapping([(1, 10), (2, 3), (3, 4)]) == [(2, 3), (3, 4)]
    assert max_non_overlapping([]) == []
    assert max_non_overlapping([(5, 6), (1, 2)]) == [(1, 2), (5, 6)]
    assert max_non_overlapping([(0, 5), (1, 2), (2, 3), (3, 4), (4, 9)]) == [(1, 2), (2, 3), (3, 4), (4, 9)]
    assert max_non_overlapping([(1, 3), (2, 4), (3, 5)]) == [(1, 3), (3, 5)]
    assert max_non_overlapping([(0, 100), (10, 20), (30, 40), (50, 60)]) == [(10, 20), (30, 40), (50, 60)]


def test_max_non_overlapping():
    check(max_non_overlapping)

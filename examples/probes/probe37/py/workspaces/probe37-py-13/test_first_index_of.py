from first_index_of import *  # noqa: F401,F403
from first_index_of import first_index_of

def check(first_index_of):
    assert first_index_of([1, 2, 2, 2, 3], 2) == 1
    assert first_index_of([1, 3, 5], 4) == -1
    assert first_index_of([], 5) == -1
    assert first_index_of([5], 5) == 0
    assert first_index_of([1, 1, 1, 1], 1) == 0
    assert first_index_of([1, 2, 3, 4, 5, 6], 6) == 5
    assert first_index_of([1, 2, 3], 0) == -1
    assert first_index_of([1, 2, 3], 4) == -1
    assert first_index_of([2, 4, 4, 4, 8, 9], 4) == 1


def test_first_index_of():
    check(first_index_of)

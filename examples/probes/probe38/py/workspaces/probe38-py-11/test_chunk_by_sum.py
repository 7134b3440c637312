from chunk_by_sum import *  # noqa: F401,F403
from chunk_by_sum import chunk_by_sum

def check(chunk_by_sum):
    assert chunk_by_sum([1, 2, 3, 4, 5], 5) == [[1, 2], [3], [4], [5]]
    assert chunk_by_sum([7, 1, 1], 5) == [[7], [1, 1]]
    assert chunk_by_sum([], 3) == []
    assert chunk_by_sum([2, 2, 2, 2], 4) == [[2, 2], [2, 2]]
    assert chunk_by_sum([1, 9, 1], 5) == [[1], [9], [1]]
    assert chunk_by_sum([3], 10) == [[3]]


def test_chunk_by_sum():
    check(chunk_by_sum)

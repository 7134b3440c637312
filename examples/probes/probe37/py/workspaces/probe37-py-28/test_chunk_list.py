from chunk_list import *  # noqa: F401,F403
from chunk_list import chunk_list

def check(chunk_list):
    assert chunk_list([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
    assert chunk_list([], 3) == []
    assert chunk_list([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]
    assert chunk_list([1], 3) == [[1]]
    assert chunk_list(list("abcdefg"), 3) == [["a", "b", "c"], ["d", "e", "f"], ["g"]]
    assert chunk_list([1, 2, 3], 1) == [[1], [2], [3]]


def test_chunk_list():
    check(chunk_list)

from transpose_ragged import *  # noqa: F401,F403
from transpose_ragged import transpose_ragged

def check(transpose_ragged):
    assert transpose_ragged([[1, 2, 3], [4]], 0) == [[1, 4], [2, 0], [3, 0]]
    assert transpose_ragged([]) == []
    assert transpose_ragged([[1, 2], [3, 4]]) == [[1, 3], [2, 4]]
    assert transpose_ragged([[], ["a", "b"]]) == [[None, "a"], [None, "b"]]
    assert transpose_ragged([[1], [2, 3], [4]], "-") == [[1, 2, 4], ["-", 3, "-"]]
    assert transpose_ragged([[]]) == []


def test_transpose_ragged():
    check(transpose_ragged)

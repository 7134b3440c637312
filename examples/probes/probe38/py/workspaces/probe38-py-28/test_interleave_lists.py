from interleave_lists import *  # noqa: F401,F403
from interleave_lists import interleave_lists

def check(interleave_lists):
    assert interleave_lists([1, 2, 3], ["x", "y"]) == [1, "x", 2, "y", 3]
    assert interleave_lists([], [4, 5]) == [4, 5]
    assert interleave_lists([], []) == []
    assert interleave_lists([1], [2, 3, 4]) == [1, 2, 3, 4]
    assert interleave_lists(["a", "b"], ["c", "d"]) == ["a", "c", "b", "d"]


def test_interleave_lists():
    check(interleave_lists)

from rotate_list import *  # noqa: F401,F403
from rotate_list import rotate_list

def check(rotate_list):
    assert rotate_list([1, 2, 3, 4, 5], 2) == [4, 5, 1, 2, 3]
    assert rotate_list([1, 2, 3], 4) == [3, 1, 2]
    assert rotate_list([], 3) == []
    assert rotate_list([1, 2, 3], 0) == [1, 2, 3]
    assert rotate_list([1, 2, 3], 3) == [1, 2, 3]
    assert rotate_list([1, 2, 3], -1) == [2, 3, 1]
    assert rotate_list([1, 2, 3], -5) == [3, 1, 2]
    assert rotate_list(["x"], 7) == ["x"]
    assert rotate_list([1, 2, 3, 4], 10) == [3, 4, 1, 2]


def test_rotate_list():
    check(rotate_list)

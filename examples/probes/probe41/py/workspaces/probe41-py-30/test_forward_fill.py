from forward_fill import *  # noqa: F401,F403
from forward_fill import forward_fill

def check(forward_fill):
    assert forward_fill([1, None, None, 4], 5) == [1, 1, 1, 4]
    assert forward_fill([None, 2, None, None, None], 2) == [None, 2, 2, 2, None]
    assert forward_fill([3, None, 5, None], 1) == [3, 3, 5, 5]
    assert forward_fill([], 3) == []
    assert forward_fill([None, None], 1) == [None, None]
    assert forward_fill([1, None, None, 2, None, None], 1) == [1, 1, None, 2, 2, None]
    assert forward_fill([0, None], 0) == [0, None]
    assert forward_fill([7, None, 8, None, 9, None], 1) == [7, 7, 8, 8, 9, 9]


def test_forward_fill():
    check(forward_fill)

from rotate_clockwise import *  # noqa: F401,F403
from rotate_clockwise import rotate_clockwise

def check(rotate_clockwise):
    assert rotate_clockwise([[1, 2, 3], [4, 5, 6]]) == [[4, 1], [5, 2], [6, 3]]
    assert rotate_clockwise([]) == []
    assert rotate_clockwise([[1]]) == [[1]]
    assert rotate_clockwise([[1, 2], [3, 4]]) == [[3, 1], [4, 2]]
    assert rotate_clockwise([[1, 2, 3]]) == [[1], [2], [3]]
    assert rotate_clockwise([[1], [2], [3]]) == [[3, 2, 1]]
    assert rotate_clockwise([[1, 2, 3], [4, 5, 6], [7, 8, 9]]) == [[7, 4, 1], [8, 5, 2], [9, 6, 3]]


def test_rotate_clockwise():
    check(rotate_clockwise)

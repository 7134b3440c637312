from max_square_ones import *  # noqa: F401,F403
from max_square_ones import max_square_ones

def check(max_square_ones):
    assert max_square_ones([[1, 1, 0], [1, 1, 1], [0, 1, 1]]) == 2
    assert max_square_ones([[0, 0], [0, 0]]) == 0
    assert max_square_ones([[1, 1], [0, 1]]) == 1
    assert max_square_ones([[1, 1, 1], [1, 1, 1], [1, 1, 1]]) == 3
    assert max_square_ones([]) == 0
    assert max_square_ones([[1]]) == 1
    assert max_square_ones([[0, 1, 1, 1], [1, 1, 1, 1], [0, 1, 1, 1]]) == 3


def test_max_square_ones():
    check(max_square_ones)

from flood_fill import *  # noqa: F401,F403
from flood_fill import flood_fill

def check(flood_fill):
    assert flood_fill([[1, 1, 0], [1, 0, 0], [1, 1, 1]], 0, 0, 2) == [[2, 2, 0], [2, 0, 0], [2, 2, 2]]
    assert flood_fill([[0, 0], [0, 1]], 1, 1, 1) == [[0, 0], [0, 1]]
    assert flood_fill([[1, 0, 1]], 0, 0, 5) == [[5, 0, 1]]
    assert flood_fill([[3, 3, 4], [4, 3, 3]], 1, 2, 7) == [[7, 7, 4], [4, 7, 7]]
    assert flood_fill([[0, 1, 0], [1, 1, 1], [0, 1, 0]], 1, 1, 9) == [[0, 9, 0], [9, 9, 9], [0, 9, 0]]
    grid = [[2, 2], [2, 0]]
    assert flood_fill(grid, 0, 1, 6) == [[6, 6], [6, 0]]
    assert grid == [[2, 2], [2, 0]]


def test_flood_fill():
    check(flood_fill)

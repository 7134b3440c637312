from shift_grid import *  # noqa: F401,F403
from shift_grid import shift_grid

def check(shift_grid):
    assert shift_grid([[1, 2, 3], [4, 5, 6]], 1) == [[6, 1, 2], [3, 4, 5]]
    assert shift_grid([[1, 2], [3, 4]], 6) == [[3, 4], [1, 2]]
    assert shift_grid([[1, 2, 3]], 0) == [[1, 2, 3]]
    assert shift_grid([[1], [2], [3]], 1) == [[3], [1], [2]]
    grid = [[1, 2, 3], [4, 5, 6]]
    assert shift_grid(grid, 4) == [[3, 4, 5], [6, 1, 2]]
    assert grid == [[1, 2, 3], [4, 5, 6]]


def test_shift_grid():
    check(shift_grid)

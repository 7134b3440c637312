from island_perimeter import *  # noqa: F401,F403
from island_perimeter import island_perimeter

def check(island_perimeter):
    assert island_perimeter([[0, 1, 0, 0], [1, 1, 1, 0], [0, 1, 0, 0], [1, 1, 0, 0]]) == 16
    assert island_perimeter([[1, 1]]) == 6
    assert island_perimeter([[1]]) == 4
    assert island_perimeter([[0]]) == 0
    assert island_perimeter([]) == 0
    assert island_perimeter([[1], [1]]) == 6
    assert island_perimeter([[1, 0, 1]]) == 8
    assert island_perimeter([[1, 1], [1, 1]]) == 8


def test_island_perimeter():
    check(island_perimeter)

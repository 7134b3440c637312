from interpolate import *  # noqa: F401,F403
from interpolate import interpolate

def check(interpolate):
    assert interpolate([0, 10, 20], [0, 100, 120], 15) == 110.0
    assert interpolate([0, 10, 20], [0, 100, 120], -5) == 0
    assert interpolate([0, 10, 20], [0, 100, 120], 25) == 120
    assert interpolate([0, 10], [5, 25], 2.5) == 10.0
    assert interpolate([0, 10, 20, 30], [0, 10, 0, 10], 5) == 5.0
    assert interpolate([1, 2, 4], [1, 4, 16], 2) == 4.0
    assert interpolate([0, 1, 2], [0, 1, 3], 1.5) == 2.0


def test_interpolate():
    check(interpolate)

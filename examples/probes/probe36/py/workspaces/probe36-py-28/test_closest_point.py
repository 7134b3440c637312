from closest_point import *  # noqa: F401,F403
from closest_point import closest_point

def check(closest_point):
    assert closest_point([(0, 0), (5, 5), (2, 1)], (3, 3)) == (2, 1)
    assert closest_point([(1, 0), (0, 1)], (0, 0)) == (1, 0)
    assert closest_point([(7, 7)], (0, 0)) == (7, 7)
    assert closest_point([(10, 0), (0, 10), (2, 2)], (0, 9)) == (0, 10)
    assert closest_point([(-3, 4), (3, 4), (0, -6)], (0, 0)) == (-3, 4)
    assert closest_point([(1, 20), (6, 2), (5, 19)], (4, 18)) == (5, 19)


def test_closest_point():
    check(closest_point)

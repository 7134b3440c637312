from is_convex_polygon import *  # noqa: F401,F403
from is_convex_polygon import is_convex_polygon

def check(is_convex_polygon):
    assert is_convex_polygon([(0, 0), (2, 0), (2, 2), (0, 2)]) is True
    assert is_convex_polygon([(0, 2), (2, 2), (2, 0), (0, 0)]) is True
    assert is_convex_polygon([(0, 0), (2, 0), (4, 0), (4, 4), (0, 4)]) is True
    assert is_convex_polygon([(0, 0), (4, 0), (1, 1), (0, 4)]) is False
    assert is_convex_polygon([(0, 0), (1, 1), (2, 2)]) is False
    assert is_convex_polygon([(0, 0), (3, 0), (0, 3)]) is True
    assert is_convex_polygon([(0, 0), (2, 0), (2, 1), (2, 2), (0, 2), (0, 1)]) is True


def test_is_convex_polygon():
    check(is_convex_polygon)

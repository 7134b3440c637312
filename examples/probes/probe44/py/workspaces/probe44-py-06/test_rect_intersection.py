from rect_intersection import *  # noqa: F401,F403
from rect_intersection import rect_intersection


def check(rect_intersection):
    assert rect_intersection((0, 0, 4, 4), (2, 1, 6, 3)) == (2, 1, 4, 3)
    assert rect_intersection((0, 0, 2, 2), (2, 0, 4, 2)) is None
    assert rect_intersection((0, 0, 10, 10), (3, 3, 5, 5)) == (3, 3, 5, 5)
    assert rect_intersection((0, 0, 1, 1), (5, 5, 6, 6)) is None
    assert rect_intersection((-3, -3, 1, 1), (-1, -5, 4, 0)) == (-1, -3, 1, 0)
    assert rect_intersection((0, 0, 4, 4), (0, 4, 4, 8)) is None


def test_rect_intersection():
    check(rect_intersection)

from circle_rect_overlap import *  # noqa: F401,F403
from circle_rect_overlap import circle_rect_overlap

def check(circle_rect_overlap):
    assert circle_rect_overlap(0, 0, 1, (1, -1, 3, 1)) is True
    assert circle_rect_overlap(5, 5, 2, (0, 0, 10, 2)) is False
    assert circle_rect_overlap(5, 3, 1, (0, 0, 10, 2)) is True
    assert circle_rect_overlap(0, 0, 1, (1, 1, 2, 2)) is False
    assert circle_rect_overlap(3, 4, 5, (0, 0, 0, 0)) is True
    assert circle_rect_overlap(1, 1, 0.5, (0, 0, 4, 4)) is True
    assert circle_rect_overlap(2, 9, 3, (0, 0, 8, 5)) is False


def test_circle_rect_overlap():
    check(circle_rect_overlap)

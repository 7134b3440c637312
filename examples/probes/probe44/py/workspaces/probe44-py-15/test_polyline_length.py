from polyline_length import *  # noqa: F401,F403
from polyline_length import polyline_length

import math


def check(polyline_length):
    assert polyline_length([(0, 0), (3, 4), (3, 0)]) == 9.0
    assert polyline_length([(0, 0), (3, 4), (3, 0)], closed=True) == 12.0
    assert polyline_length([]) == 0.0
    assert polyline_length([(5, 5)], closed=True) == 0.0
    assert polyline_length([(0, 0), (1, 0), (1, 1), (0, 1)], closed=True) == 4.0
    assert abs(polyline_length([(0, 0), (1, 1)]) - math.sqrt(2)) < 1e-12


def test_polyline_length():
    check(polyline_length)

from max_weight_schedule import *  # noqa: F401,F403
from max_weight_schedule import max_weight_schedule

import pytest


def check(max_weight_schedule):
    assert max_weight_schedule([]) == 0
    assert max_weight_schedule([(1, 3, 5)]) == 5
    assert max_weight_schedule([(1, 2, 50), (3, 5, 20), (6, 19, 100), (2, 100, 200)]) == 250
    assert max_weight_schedule([(6, 19, 100), (3, 5, 20), (1, 2, 50), (2, 100, 200)]) == 250
    assert max_weight_schedule([(3, 5, 4), (0, 3, 3), (5, 9, 2), (1, 6, 8)]) == 9
    assert max_weight_schedule([(4, 6, 1), (0, 2, 1), (2, 4, 1)]) == 3


def test_max_weight_schedule():
    check(max_weight_schedule)

from sum_of_two_squares import *  # noqa: F401,F403
from sum_of_two_squares import sum_of_two_squares

import pytest


def check(sum_of_two_squares):
    assert sum_of_two_squares(0) == (0, 0)
    assert sum_of_two_squares(25) == (0, 5)
    assert sum_of_two_squares(2) == (1, 1)
    assert sum_of_two_squares(50) == (1, 7)
    assert sum_of_two_squares(8) == (2, 2)
    assert sum_of_two_squares(3) is None
    assert sum_of_two_squares(21) is None


def test_sum_of_two_squares():
    check(sum_of_two_squares)

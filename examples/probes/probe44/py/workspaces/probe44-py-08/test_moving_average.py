from moving_average import *  # noqa: F401,F403
from moving_average import moving_average

import pytest


def check(moving_average):
    assert moving_average([1, 2, 3, 4, 5], 2) == [1.5, 2.5, 3.5, 4.5]
    assert moving_average([10, 20, 30], 3) == [20.0]
    assert moving_average([1, 2], 3) == []
    assert moving_average([4, 4, 4, 4], 1) == [4.0, 4.0, 4.0, 4.0]
    assert moving_average([0, 3, 6, 9, 12, 15], 3) == [3.0, 6.0, 9.0, 12.0]
    with pytest.raises(ValueError):
        moving_average([1], 0)


def test_moving_average():
    check(moving_average)

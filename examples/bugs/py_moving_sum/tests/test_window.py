import pytest

from window import largest_window, moving_sum


def test_rejects_zero_width():
    with pytest.raises(ValueError):
        moving_sum([1, 2, 3], 0)


def test_every_window_is_summed():
    assert moving_sum([1, 2, 3, 4], 2) == [3, 5, 7]


def test_window_as_wide_as_the_list():
    assert moving_sum([4, 5, 6], 3) == [15]


def test_largest_window_picks_the_last_pair():
    assert largest_window([1, 1, 9, 9], 2) == 18

import pytest

from limits import clamp, clamp_all


def test_value_above_range():
    assert clamp(15, 0, 10) == 10


def test_value_inside_range():
    assert clamp(4, 0, 10) == 4


def test_value_below_range():
    assert clamp(-3, 0, 10) == 0


def test_bad_range():
    with pytest.raises(ValueError):
        clamp(1, 5, 2)


def test_clamp_all():
    assert clamp_all([-1, 5, 11], 0, 10) == [0, 5, 10]

import pytest

from circle import circle_area, circumference


def test_unit_circle_area():
    assert circle_area(1) == pytest.approx(3.14159)


def test_area_grows_with_the_square_of_the_radius():
    assert circle_area(2) == pytest.approx(12.56636)


def test_circumference():
    assert circumference(1) == pytest.approx(6.28318)

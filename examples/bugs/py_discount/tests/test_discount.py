import pytest

from discount import discounted, total


def test_twenty_percent_off():
    assert discounted(100, 0.2) == pytest.approx(80)


def test_no_discount_keeps_the_price():
    assert discounted(50, 0) == pytest.approx(50)


def test_total_of_nothing():
    assert total([], 0.5) == 0

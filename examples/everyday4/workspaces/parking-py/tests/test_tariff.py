import pytest

from parking.tariff import billable_hours, fee_for_stay


def test_grace_period_is_free():
    assert billable_hours(10) == 0
    assert fee_for_stay(10) == 0


def test_just_past_grace_is_one_hour():
    assert billable_hours(11) == 1


def test_started_hours_round_up():
    assert billable_hours(61) == 2
    assert billable_hours(120) == 2


def test_fee_for_three_hours():
    assert fee_for_stay(170) == 6.90


def test_long_day_is_capped():
    assert fee_for_stay(20 * 60) == 18.40


def test_two_days_and_a_bit():
    assert fee_for_stay(2 * 24 * 60 + 90) == 41.40


def test_negative_stay_rejected():
    with pytest.raises(ValueError):
        billable_hours(-5)

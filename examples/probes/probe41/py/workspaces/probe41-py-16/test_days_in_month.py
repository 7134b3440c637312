from days_in_month import *  # noqa: F401,F403
from days_in_month import days_in_month

def check(days_in_month):
    assert days_in_month(2024, 2) == 29
    assert days_in_month(1900, 2) == 28
    assert days_in_month(2023, 4) == 30
    assert days_in_month(2000, 2) == 29
    assert days_in_month(2023, 2) == 28
    assert days_in_month(2023, 12) == 31
    assert days_in_month(2100, 2) == 28
    assert days_in_month(2023, 9) == 30


def test_days_in_month():
    check(days_in_month)

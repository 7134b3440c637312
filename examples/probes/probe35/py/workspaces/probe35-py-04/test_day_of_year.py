from day_of_year import *  # noqa: F401,F403
from day_of_year import day_of_year

def check(candidate):
    assert candidate("2023-01-01") == 1
    assert candidate("2023-02-01") == 32
    assert candidate("2023-12-31") == 365
    assert candidate("2024-12-31") == 366
    assert candidate("2024-03-01") == 61
    assert candidate("1900-03-01") == 60
    assert candidate("2000-03-01") == 61


def test_day_of_year():
    check(day_of_year)

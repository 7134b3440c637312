from day_of_week import *  # noqa: F401,F403
from day_of_week import day_of_week

def check(day_of_week):
    assert day_of_week(2000, 1, 1) == "Saturday"
    assert day_of_week(2024, 2, 29) == "Thursday"
    assert day_of_week(1969, 7, 20) == "Sunday"
    assert day_of_week(2023, 3, 1) == "Wednesday"
    assert day_of_week(1900, 3, 1) == "Thursday"
    assert day_of_week(2021, 12, 25) == "Saturday"
    assert day_of_week(2024, 3, 31) == "Sunday"
    assert day_of_week(1600, 1, 1) == "Saturday"
    assert day_of_week(2100, 3, 1) == "Monday"


def test_day_of_week():
    check(day_of_week)

from week_start_date import *  # noqa: F401,F403
from week_start_date import week_start_date

def check(week_start_date):
    assert week_start_date(date(2024, 6, 13)) == date(2024, 6, 10)
    assert week_start_date(date(2024, 6, 13), 6) == date(2024, 6, 9)
    assert week_start_date(date(2024, 6, 10)) == date(2024, 6, 10)
    assert week_start_date(date(2024, 6, 9), 6) == date(2024, 6, 9)
    assert week_start_date(date(2024, 1, 2), 2) == date(2023, 12, 27)
    assert week_start_date(date(2024, 3, 1), 4) == date(2024, 3, 1)
    try:
        week_start_date(date(2024, 1, 1), 7)
        assert False
    except ValueError:
        pass


def test_week_start_date():
    check(week_start_date)

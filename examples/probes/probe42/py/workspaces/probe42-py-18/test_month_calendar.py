from month_calendar import *  # noqa: F401,F403
from month_calendar import month_calendar

def check(month_calendar):
    assert month_calendar(2021, 2) == [[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], [15, 16, 17, 18, 19, 20, 21], [22, 23, 24, 25, 26, 27, 28]]
    assert month_calendar(2024, 9)[0] == [0, 0, 0, 0, 0, 0, 1]
    assert month_calendar(2024, 9)[-1] == [30, 0, 0, 0, 0, 0, 0]
    assert len(month_calendar(2024, 9)) == 6
    assert month_calendar(2026, 12)[-1] == [28, 29, 30, 31, 0, 0, 0]
    assert all(len(w) == 7 for w in month_calendar(2025, 3))


def test_month_calendar():
    check(month_calendar)

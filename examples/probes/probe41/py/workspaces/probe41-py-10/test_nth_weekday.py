from nth_weekday import *  # noqa: F401,F403
from nth_weekday import nth_weekday

def check(nth_weekday):
    assert nth_weekday(2024, 11, 3, 4) == 28
    assert nth_weekday(2024, 5, 0, 1) == 6
    assert nth_weekday(2024, 2, 3, 5) == 29
    assert nth_weekday(2023, 2, 3, 5) == 0
    assert nth_weekday(2024, 12, 6, 1) == 1
    assert nth_weekday(2024, 9, 0, 1) == 2
    assert nth_weekday(2025, 1, 4, 2) == 10


def test_nth_weekday():
    check(nth_weekday)

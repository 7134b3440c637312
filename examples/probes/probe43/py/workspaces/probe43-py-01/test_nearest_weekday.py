from nearest_weekday import *  # noqa: F401,F403
from nearest_weekday import nearest_weekday

def check(nearest_weekday):
    assert nearest_weekday(date(2024, 6, 15)) == date(2024, 6, 14)
    assert nearest_weekday(date(2024, 6, 1)) == date(2024, 6, 3)
    assert nearest_weekday(date(2024, 6, 16)) == date(2024, 6, 17)
    assert nearest_weekday(date(2024, 6, 12)) == date(2024, 6, 12)
    assert nearest_weekday(date(2024, 6, 30)) == date(2024, 6, 28)
    assert nearest_weekday(date(2024, 3, 31)) == date(2024, 3, 29)
    assert nearest_weekday(date(2024, 8, 31)) == date(2024, 8, 30)


def test_nearest_weekday():
    check(nearest_weekday)

from minutes_between import *  # noqa: F401,F403
from minutes_between import minutes_between

def check(candidate):
    assert candidate("09:15", "10:00") == 45
    assert candidate("00:00", "00:00") == 0
    assert candidate("23:30", "00:15") == 45
    assert candidate("12:00", "11:59") == 1439
    assert candidate("06:05", "18:45") == 760
    assert candidate("22:00", "02:30") == 270


def test_minutes_between():
    check(minutes_between)

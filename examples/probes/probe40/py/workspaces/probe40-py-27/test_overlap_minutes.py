from overlap_minutes import *  # noqa: F401,F403
from overlap_minutes import overlap_minutes

def check(overlap_minutes):
    assert overlap_minutes("09:00-10:30", "10:00-11:00") == 30
    assert overlap_minutes("08:00-09:00", "09:00-10:00") == 0
    assert overlap_minutes("12:15-12:45", "11:00-13:00") == 30
    assert overlap_minutes("09:30-11:15", "10:45-12:00") == 30
    assert overlap_minutes("00:00-23:59", "12:00-12:01") == 1
    assert overlap_minutes("13:00-14:00", "09:00-10:00") == 0
    assert overlap_minutes("07:50-09:10", "08:40-12:00") == 30


def test_overlap_minutes():
    check(overlap_minutes)

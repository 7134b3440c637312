from shift_weekday import *  # noqa: F401,F403
from shift_weekday import shift_weekday

def check(shift_weekday):
    assert shift_weekday("Mon", 3) == "Thu"
    assert shift_weekday("Sat", 2) == "Mon"
    assert shift_weekday("Tue", -9) == "Sun"
    assert shift_weekday("Sun", 0) == "Sun"
    assert shift_weekday("Wed", 7) == "Wed"
    assert shift_weekday("Fri", 100) == "Sun"
    assert shift_weekday("Mon", -1) == "Sun"


def test_shift_weekday():
    check(shift_weekday)

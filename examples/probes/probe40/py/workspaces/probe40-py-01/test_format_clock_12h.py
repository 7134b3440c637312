from format_clock_12h import *  # noqa: F401,F403
from format_clock_12h import format_clock_12h

def check(format_clock_12h):
    assert format_clock_12h(0) == "12:00 AM"
    assert format_clock_12h(754) == "12:34 PM"
    assert format_clock_12h(545) == "9:05 AM"
    assert format_clock_12h(1439) == "11:59 PM"
    assert format_clock_12h(720) == "12:00 PM"
    assert format_clock_12h(60) == "1:00 AM"
    assert format_clock_12h(785) == "1:05 PM"
    assert format_clock_12h(5) == "12:05 AM"


def test_format_clock_12h():
    check(format_clock_12h)

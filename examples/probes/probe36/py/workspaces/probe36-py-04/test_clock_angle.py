from clock_angle import *  # noqa: F401,F403
from clock_angle import clock_angle

def check(clock_angle):
    assert clock_angle("3:00") == 90.0
    assert clock_angle("9:00") == 90.0
    assert clock_angle("12:30") == 165.0
    assert clock_angle("6:00") == 180.0
    assert clock_angle("0:00") == 0.0
    assert clock_angle("23:45") == 82.5
    assert clock_angle("10:20") == 170.0
    assert clock_angle("1:05") == 2.5


def test_clock_angle():
    check(clock_angle)

from minutes_until_bus import *  # noqa: F401,F403
from minutes_until_bus import minutes_until_bus

def check(minutes_until_bus):
    assert minutes_until_bus(["08:00", "12:30", "18:15"], "12:00") == 30
    assert minutes_until_bus(["08:00", "12:30", "18:15"], "19:00") == 780
    assert minutes_until_bus(["08:00", "12:30", "18:15"], "12:30") == 0
    assert minutes_until_bus(["18:15", "08:00", "12:30"], "07:59") == 1
    assert minutes_until_bus(["23:50"], "23:55") == 1435
    assert minutes_until_bus(["00:05", "23:00"], "23:30") == 35
    assert minutes_until_bus(["06:00"], "00:00") == 360


def test_minutes_until_bus():
    check(minutes_until_bus)

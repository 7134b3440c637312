from percent_change import *  # noqa: F401,F403
from percent_change import percent_change

def check(percent_change):
    assert percent_change(50, 75) == 50.0
    assert percent_change(80, 60) == -25.0
    assert percent_change(0, 10) is None
    assert percent_change(3, 4) == 33.3
    assert percent_change(200, 200) == 0.0
    assert percent_change(8, 2) == -75.0
    assert percent_change(40, 41) == 2.5


def test_percent_change():
    check(percent_change)

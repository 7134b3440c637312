from robot_position import *  # noqa: F401,F403
from robot_position import robot_position

def check(candidate):
    assert candidate("") == (0, 0)
    assert candidate("F") == (0, 1)
    assert candidate("RF") == (1, 0)
    assert candidate("LF") == (-1, 0)
    assert candidate("RRF") == (0, -1)
    assert candidate("FFRFF") == (2, 2)
    assert candidate("FFRFFLB") == (2, 1)
    assert candidate("LLLLF") == (0, 1)
    assert candidate("RB") == (-1, 0)


def test_robot_position():
    check(robot_position)

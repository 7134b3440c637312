from bounce_position import *  # noqa: F401,F403
from bounce_position import bounce_position

def check(bounce_position):
    assert bounce_position(3, 0, 4) == 2
    assert bounce_position(5, 5, 1) == 4
    assert bounce_position(2, 1, 0) == 1
    assert bounce_position(1, 0, 5) == 1
    assert bounce_position(4, 2, 10) == 4
    assert bounce_position(6, 1, 5) == 6


def test_bounce_position():
    check(bounce_position)

from lcm_range import *  # noqa: F401,F403
from lcm_range import lcm_range

def check(lcm_range):
    assert lcm_range(4) == 12
    assert lcm_range(10) == 2520
    assert lcm_range(1) == 1
    assert lcm_range(2) == 2
    assert lcm_range(5) == 60
    assert lcm_range(7) == 420
    assert lcm_range(20) == 232792560


def test_lcm_range():
    check(lcm_range)

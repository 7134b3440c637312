from tip_split import *  # noqa: F401,F403
from tip_split import tip_split

def check(tip_split):
    assert tip_split(100, 4, 15) == 28.75
    assert tip_split(10, 3, 0) == 3.34
    assert tip_split(50, 1, 20) == 60.0
    assert tip_split(0, 5, 10) == 0.0
    assert tip_split(20, 2, 10) == 11.0
    assert tip_split(7, 3, 0) == 2.34
    assert tip_split(99.99, 3, 18) == 39.33


def test_tip_split():
    check(tip_split)

from multiplicative_persistence import *  # noqa: F401,F403
from multiplicative_persistence import multiplicative_persistence

def check(multiplicative_persistence):
    assert multiplicative_persistence(39) == 3
    assert multiplicative_persistence(4) == 0
    assert multiplicative_persistence(25) == 2
    assert multiplicative_persistence(205) == 1
    assert multiplicative_persistence(999) == 4
    assert multiplicative_persistence(10) == 1
    assert multiplicative_persistence(277777788888899) == 11


def test_multiplicative_persistence():
    check(multiplicative_persistence)

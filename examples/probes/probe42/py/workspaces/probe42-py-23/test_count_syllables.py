from count_syllables import *  # noqa: F401,F403
from count_syllables import count_syllables

def check(count_syllables):
    assert count_syllables('cake') == 1
    assert count_syllables('table') == 2
    assert count_syllables('hello') == 2
    assert count_syllables('rhythm') == 1
    assert count_syllables('boxes') == 2
    assert count_syllables('Beautiful!') == 3
    assert count_syllables('') == 0
    assert count_syllables('horses') == 2


def test_count_syllables():
    check(count_syllables)

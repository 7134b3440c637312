from continued_fraction import *  # noqa: F401,F403
from continued_fraction import continued_fraction

def check(continued_fraction):
    assert continued_fraction(415, 93) == [4, 2, 6, 7]
    assert continued_fraction(-7, 3) == [-3, 1, 2]
    assert continued_fraction(3, 1) == [3]
    assert continued_fraction(0, 5) == [0]
    assert continued_fraction(1, 3) == [0, 3]
    assert continued_fraction(-1, 2) == [-1, 2]
    assert continued_fraction(355, 113) == [3, 7, 16]


def test_continued_fraction():
    check(continued_fraction)

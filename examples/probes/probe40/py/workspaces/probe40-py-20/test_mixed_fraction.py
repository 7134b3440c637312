from mixed_fraction import *  # noqa: F401,F403
from mixed_fraction import mixed_fraction

def check(mixed_fraction):
    assert mixed_fraction(7, 2) == "3 1/2"
    assert mixed_fraction(6, 4) == "1 1/2"
    assert mixed_fraction(2, 6) == "1/3"
    assert mixed_fraction(8, 4) == "2"
    assert mixed_fraction(0, 5) == "0"
    assert mixed_fraction(5, 3) == "1 2/3"
    assert mixed_fraction(3, 9) == "1/3"
    assert mixed_fraction(22, 7) == "3 1/7"


def test_mixed_fraction():
    check(mixed_fraction)

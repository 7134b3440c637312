from bottles_drunk import *  # noqa: F401,F403
from bottles_drunk import bottles_drunk

def check(bottles_drunk):
    assert bottles_drunk(9, 3) == 13
    assert bottles_drunk(15, 4) == 19
    assert bottles_drunk(5, 5) == 6
    assert bottles_drunk(2, 3) == 2
    assert bottles_drunk(0, 2) == 0
    assert bottles_drunk(10, 2) == 19
    assert bottles_drunk(1, 2) == 1


def test_bottles_drunk():
    check(bottles_drunk)

from common_integers import *  # noqa: F401,F403
from common_integers import common_integers

def check(common_integers):
    assert common_integers((1, 5), (3, 9)) == 3
    assert common_integers((1, 2), (3, 4)) == 0
    assert common_integers((4, 4), (0, 10)) == 1
    assert common_integers((0, 10), (2, 3)) == 2
    assert common_integers((-5, -1), (-3, 7)) == 3
    assert common_integers((5, 1), (0, 10)) == 0
    assert common_integers((0, 0), (0, 0)) == 1


def test_common_integers():
    check(common_integers)

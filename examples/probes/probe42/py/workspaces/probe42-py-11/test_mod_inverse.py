from mod_inverse import *  # noqa: F401,F403
from mod_inverse import mod_inverse

def check(mod_inverse):
    assert mod_inverse(3, 11) == 4
    assert mod_inverse(10, 17) == 12
    assert mod_inverse(6, 9) is None
    assert mod_inverse(-3, 11) == 7
    assert mod_inverse(1, 5) == 1
    assert mod_inverse(4, 8) is None
    assert mod_inverse(7, 26) == 15


def test_mod_inverse():
    check(mod_inverse)

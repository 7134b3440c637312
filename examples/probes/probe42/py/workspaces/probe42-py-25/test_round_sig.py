from round_sig import *  # noqa: F401,F403
from round_sig import round_sig

def check(round_sig):
    assert round_sig(1234.5) == 1230.0
    assert round_sig(0.012345, 2) == 0.012
    assert round_sig(0) == 0.0
    assert round_sig(1000, 2) == 1000
    assert round_sig(-98765, 2) == -99000
    assert round_sig(1, 1) == 1
    assert round_sig(0.1, 3) == 0.1


def test_round_sig():
    check(round_sig)

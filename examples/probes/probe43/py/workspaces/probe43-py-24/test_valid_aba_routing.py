from valid_aba_routing import *  # noqa: F401,F403
from valid_aba_routing import valid_aba_routing

def check(valid_aba_routing):
    assert valid_aba_routing("021000021") is True
    assert valid_aba_routing("021000022") is False
    assert valid_aba_routing("211000006") is True
    assert valid_aba_routing("322271627") is True
    assert valid_aba_routing("131000005") is False
    assert valid_aba_routing("02100002") is False
    assert valid_aba_routing("02100002a") is False
    assert valid_aba_routing("800000006") is True


def test_valid_aba_routing():
    check(valid_aba_routing)

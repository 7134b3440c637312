from ipv4_valid import *  # noqa: F401,F403
from ipv4_valid import ipv4_valid

def check(ipv4_valid):
    assert ipv4_valid("192.168.0.1") is True
    assert ipv4_valid("256.1.1.1") is False
    assert ipv4_valid("10.01.0.1") is False
    assert ipv4_valid("0.0.0.0") is True
    assert ipv4_valid("255.255.255.255") is True
    assert ipv4_valid("1.2.3") is False
    assert ipv4_valid("1.2.3.4.5") is False
    assert ipv4_valid("1..2.3") is False
    assert ipv4_valid("1.2.3.-4") is False
    assert ipv4_valid("a.b.c.d") is False
    assert ipv4_valid("00.1.1.1") is False


def test_ipv4_valid():
    check(ipv4_valid)

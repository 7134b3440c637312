from valid_ipv6 import *  # noqa: F401,F403
from valid_ipv6 import valid_ipv6

def check(valid_ipv6):
    assert valid_ipv6("2001:db8::1") is True
    assert valid_ipv6("::") is True
    assert valid_ipv6("::1") is True
    assert valid_ipv6("fe80:0:0:0:0:0:0:1") is True
    assert valid_ipv6("1::2::3") is False
    assert valid_ipv6("1:2:3:4:5:6:7") is False
    assert valid_ipv6("1:2:3:4:5:6:7::8") is False
    assert valid_ipv6("12345::") is False
    assert valid_ipv6("g::1") is False
    assert valid_ipv6("1:2:3:4:5:6:7:8") is True


def test_valid_ipv6():
    check(valid_ipv6)

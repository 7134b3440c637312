from ip_to_int import *  # noqa: F401,F403
from ip_to_int import ip_to_int

def check(ip_to_int):
    assert ip_to_int("192.168.1.1") == 3232235777
    assert ip_to_int("0.0.1.0") == 256
    assert ip_to_int("1.2.3") == -1
    assert ip_to_int("255.255.255.255") == 2 ** 32 - 1
    assert ip_to_int("1.2.3.4.5") == -1
    assert ip_to_int("1.2.3.256") == -1
    assert ip_to_int("1.2.-3.4") == -1
    assert ip_to_int("10.0.0") == -1


def test_ip_to_int():
    check(ip_to_int)

from valid_mac_address import *  # noqa: F401,F403
from valid_mac_address import valid_mac_address

def check(valid_mac_address):
    assert valid_mac_address("00:1A:2b:3C:4d:5E") is True
    assert valid_mac_address("00-1A-2B-3C-4D-5E") is True
    assert valid_mac_address("00:1A-2B:3C:4D:5E") is False
    assert valid_mac_address("00:1A:2B:3C:4D") is False
    assert valid_mac_address("00:1A:2B:3C:4D:5G") is False
    assert valid_mac_address("aa-bb-cc-dd-ee-ff") is True
    assert valid_mac_address("001A2B3C4D5E") is False


def test_valid_mac_address():
    check(valid_mac_address)

from valid_vin import *  # noqa: F401,F403
from valid_vin import valid_vin

def check(valid_vin):
    assert valid_vin("1M8GDM9AXKP042788") is True
    assert valid_vin("11111111111111111") is True
    assert valid_vin("1M8GDM9AYKP042788") is False
    assert valid_vin("1m8gdm9axkp042788") is False
    assert valid_vin("1M8GDM9AXKP04278") is False
    assert valid_vin("1M8GDM9AXKP0427O8") is False
    assert valid_vin("1HGCM82633A004352") is True


def test_valid_vin():
    check(valid_vin)

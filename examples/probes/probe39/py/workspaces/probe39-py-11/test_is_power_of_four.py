from is_power_of_four import *  # noqa: F401,F403
from is_power_of_four import is_power_of_four

def check(is_power_of_four):
    assert is_power_of_four(16) is True
    assert is_power_of_four(8) is False
    assert is_power_of_four(1) is True
    assert is_power_of_four(0) is False
    assert is_power_of_four(-4) is False
    assert is_power_of_four(64) is True
    assert is_power_of_four(2) is False
    assert is_power_of_four(4 ** 10) is True
    assert is_power_of_four(4 ** 10 + 1) is False


def test_is_power_of_four():
    check(is_power_of_four)

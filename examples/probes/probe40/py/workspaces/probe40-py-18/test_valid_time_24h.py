from valid_time_24h import *  # noqa: F401,F403
from valid_time_24h import valid_time_24h

def check(valid_time_24h):
    assert valid_time_24h("09:30") is True
    assert valid_time_24h("24:00") is False
    assert valid_time_24h("7:05") is False
    assert valid_time_24h("23:59") is True
    assert valid_time_24h("00:00") is True
    assert valid_time_24h("12:60") is False
    assert valid_time_24h("1a:00") is False
    assert valid_time_24h("12-30") is False


def test_valid_time_24h():
    check(valid_time_24h)

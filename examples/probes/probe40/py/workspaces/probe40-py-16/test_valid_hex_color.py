from valid_hex_color import *  # noqa: F401,F403
from valid_hex_color import valid_hex_color

def check(valid_hex_color):
    assert valid_hex_color("#1a2B3c") is True
    assert valid_hex_color("#abc") is True
    assert valid_hex_color("#abcd") is False
    assert valid_hex_color("123456") is False
    assert valid_hex_color("#12345g") is False
    assert valid_hex_color("#") is False
    assert valid_hex_color("#FFF") is True
    assert valid_hex_color("#0000000") is False


def test_valid_hex_color():
    check(valid_hex_color)

from parse_hex_color import *  # noqa: F401,F403
from parse_hex_color import parse_hex_color

import pytest


def check(parse_hex_color):
    assert parse_hex_color("#1e90ff") == (30, 144, 255, 255)
    assert parse_hex_color("#f80") == (255, 136, 0, 255)
    assert parse_hex_color("FFF") == (255, 255, 255, 255)
    assert parse_hex_color("#00000080") == (0, 0, 0, 128)
    assert parse_hex_color("#abcd") == (170, 187, 204, 221)
    with pytest.raises(ValueError):
        parse_hex_color("#12345")
    with pytest.raises(ValueError):
        parse_hex_color("#ggg")


def test_parse_hex_color():
    check(parse_hex_color)

from hex_to_rgb import *  # noqa: F401,F403
from hex_to_rgb import hex_to_rgb

def check(hex_to_rgb):
    assert hex_to_rgb("#ff8800") == (255, 136, 0)
    assert hex_to_rgb("000000") == (0, 0, 0)
    assert hex_to_rgb("#FFFFFF") == (255, 255, 255)
    assert hex_to_rgb("#123") == (17, 34, 51)
    assert hex_to_rgb("0aF") == (0, 170, 255)
    assert hex_to_rgb("#1e90ff") == (30, 144, 255)


def test_hex_to_rgb():
    check(hex_to_rgb)

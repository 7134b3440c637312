from parse_fixed_width import *  # noqa: F401,F403
from parse_fixed_width import parse_fixed_width

def check(parse_fixed_width):
    assert parse_fixed_width("Ann  42 NY", [5, 3, 2]) == ["Ann", "42", "NY"]
    assert parse_fixed_width("  7 x", [3, 2]) == ["  7", " x"]
    assert parse_fixed_width("ab", [1, 3, 2]) == ["a", "b", ""]
    assert parse_fixed_width("", [2, 2]) == ["", ""]
    assert parse_fixed_width("abcdef", [2, 2]) == ["ab", "cd"]
    assert parse_fixed_width(" 1 2 ", [2, 3]) == [" 1", " 2"]
    assert parse_fixed_width("x   ", [4]) == ["x"]


def test_parse_fixed_width():
    check(parse_fixed_width)

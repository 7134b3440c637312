from rule90_step import *  # noqa: F401,F403
from rule90_step import rule90_step

def check(rule90_step):
    assert rule90_step("..#..") == ".#.#."
    assert rule90_step("#...#") == ".#.#."
    assert rule90_step("##") == "##"
    assert rule90_step("") == ""
    assert rule90_step("#") == "."
    assert rule90_step("....") == "...."
    assert rule90_step("#..") == ".#."


def test_rule90_step():
    check(rule90_step)

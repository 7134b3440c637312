from connect_four_drop import *  # noqa: F401,F403
from connect_four_drop import connect_four_drop

def check(connect_four_drop):
    assert connect_four_drop(["...", "...", "X.."], 0) == 1
    assert connect_four_drop(["...", "...", "X.."], 1) == 2
    assert connect_four_drop(["X..", "O..", "X.."], 0) == -1
    assert connect_four_drop([".O.", "XO.", "XXO"], 0) == 0
    assert connect_four_drop([".."], 1) == 0
    assert connect_four_drop(["..", "..", "..", ".."], 1) == 3
    assert connect_four_drop(["X.", "X.", "X."], 1) == 2


def test_connect_four_drop():
    check(connect_four_drop)

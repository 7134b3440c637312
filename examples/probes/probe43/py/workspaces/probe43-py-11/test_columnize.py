from columnize import *  # noqa: F401,F403
from columnize import columnize

def check(columnize):
    assert columnize(["a", "bb", "ccc", "d", "ee"], 10) == ["a    d", "bb   ee", "ccc"]
    assert columnize([], 10) == []
    assert columnize(["one", "two", "three"], 80) == ["one  two  three"]
    assert columnize(["alpha", "beta", "gamma"], 3) == ["alpha", "beta", "gamma"]
    assert columnize(["a", "b", "c", "d", "e", "f", "g"], 7) == ["a  d  g", "b  e", "c  f"]
    assert columnize(["x", "y", "z"], 5, gap=1) == ["x y z"]


def test_columnize():
    check(columnize)

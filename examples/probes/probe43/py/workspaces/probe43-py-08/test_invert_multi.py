from invert_multi import *  # noqa: F401,F403
from invert_multi import invert_multi

def check(invert_multi):
    assert invert_multi({"a": [1, 2], "b": [2]}) == {1: ["a"], 2: ["a", "b"]}
    assert invert_multi({}) == {}
    assert invert_multi({"x": [3, 3, 1]}) == {3: ["x"], 1: ["x"]}
    assert invert_multi({"b": ["t"], "a": ["t", "t"]}) == {"t": ["a", "b"]}
    assert invert_multi({"k": []}) == {}
    assert invert_multi({"z": [1], "y": [1], "x": [2]}) == {1: ["y", "z"], 2: ["x"]}


def test_invert_multi():
    check(invert_multi)

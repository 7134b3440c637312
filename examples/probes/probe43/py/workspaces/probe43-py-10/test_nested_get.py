from nested_get import *  # noqa: F401,F403
from nested_get import nested_get

def check(nested_get):
    data = {"a": [{"b": 1}, {"b": 2, "c": [7, 8]}], "n": None}
    assert nested_get(data, "a.0.b") == 1
    assert nested_get(data, "a.1.c.1") == 8
    assert nested_get(data, "a.2.b", "none") == "none"
    assert nested_get(data, "a.1.c.5") is None
    assert nested_get(data, "a.x") is None
    assert nested_get(data, "n") is None
    assert nested_get(data, "n.q", 0) == 0
    assert nested_get(data, "") is data
    assert nested_get(data, "zz", 42) == 42


def test_nested_get():
    check(nested_get)

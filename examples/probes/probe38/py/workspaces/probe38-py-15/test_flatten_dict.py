from flatten_dict import *  # noqa: F401,F403
from flatten_dict import flatten_dict

def check(flatten_dict):
    assert flatten_dict({"a": 1, "b": {"c": 2, "d": {"e": 3}}}) == {"a": 1, "b.c": 2, "b.d.e": 3}
    assert flatten_dict({"x": {"y": 1}}, sep="/") == {"x/y": 1}
    assert flatten_dict({}) == {}
    assert flatten_dict({"a": {}, "b": 1}) == {"b": 1}
    assert flatten_dict({"l": [1, {"k": 2}], "m": {"n": {}}}) == {"l": [1, {"k": 2}]}
    assert flatten_dict({"p": {"q": None, "r": 0}}) == {"p.q": None, "p.r": 0}


def test_flatten_dict():
    check(flatten_dict)

from dict_diff import *  # noqa: F401,F403
from dict_diff import dict_diff


def check(dict_diff):
    assert dict_diff({"a": 1, "b": 2, "c": 3}, {"b": 2, "c": 4, "d": 5}) == (["d"], ["a"], ["c"])
    assert dict_diff({}, {}) == ([], [], [])
    assert dict_diff({"x": 1}, {"x": 1}) == ([], [], [])
    assert dict_diff({}, {"b": 1, "a": 2}) == (["a", "b"], [], [])
    assert dict_diff({"k": [1, 2]}, {"k": [1, 2, 3]}) == ([], [], ["k"])
    assert dict_diff({"z": None, "y": 0}, {"z": 0, "y": 0}) == ([], [], ["z"])


def test_dict_diff():
    check(dict_diff)

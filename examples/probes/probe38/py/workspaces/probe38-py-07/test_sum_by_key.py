from sum_by_key import *  # noqa: F401,F403
from sum_by_key import sum_by_key

def check(sum_by_key):
    assert sum_by_key([("a", 2), ("b", 1), ("a", 3)]) == {"a": 5, "b": 1}
    assert sum_by_key([("x", 4), ("y", 1), ("x", -4)]) == {"y": 1}
    assert sum_by_key([]) == {}
    assert sum_by_key([("z", 0)]) == {}
    assert list(sum_by_key([("b", 1), ("a", 1), ("b", 1)])) == ["b", "a"]
    assert sum_by_key([("p", 1.5), ("q", -2), ("p", 1)]) == {"p": 2.5, "q": -2}


def test_sum_by_key():
    check(sum_by_key)

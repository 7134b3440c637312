from flatten_nested import *  # noqa: F401,F403
from flatten_nested import flatten_nested

def check(flatten_nested):
    assert flatten_nested([1, [2, [3, 4]], 5]) == [1, 2, 3, 4, 5]
    assert flatten_nested([[], ["ab", (1, 2)]]) == ["ab", (1, 2)]
    assert flatten_nested([]) == []
    assert flatten_nested([[[]]]) == []
    assert flatten_nested([[1], [2], [3]]) == [1, 2, 3]
    assert flatten_nested([1, [2, [3, [4, [5]]]]]) == [1, 2, 3, 4, 5]
    assert flatten_nested(["x", ["y"]]) == ["x", "y"]


def test_flatten_nested():
    check(flatten_nested)

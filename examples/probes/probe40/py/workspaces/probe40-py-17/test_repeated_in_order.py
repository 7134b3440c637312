from repeated_in_order import *  # noqa: F401,F403
from repeated_in_order import repeated_in_order

def check(repeated_in_order):
    assert repeated_in_order([3, 1, 3, 2, 1, 3]) == [3, 1]
    assert repeated_in_order(["b", "a", "a", "b"]) == ["a", "b"]
    assert repeated_in_order([1, 2, 3]) == []
    assert repeated_in_order([]) == []
    assert repeated_in_order([5, 5, 5, 5]) == [5]
    assert repeated_in_order(["x", "y", "y", "x", "z", "z"]) == ["y", "x", "z"]


def test_repeated_in_order():
    check(repeated_in_order)

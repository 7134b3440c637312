from unique_in_order import *  # noqa: F401,F403
from unique_in_order import unique_in_order

def check(unique_in_order):
    assert unique_in_order("AAAABBBCCDAABBB") == ["A", "B", "C", "D", "A", "B"]
    assert unique_in_order([1, 2, 2, 3, 3]) == [1, 2, 3]
    assert unique_in_order("") == []
    assert unique_in_order([1, 1, 1]) == [1]
    assert unique_in_order("abab") == ["a", "b", "a", "b"]
    assert unique_in_order([None, None, 0]) == [None, 0]
    assert unique_in_order("aAa") == ["a", "A", "a"]


def test_unique_in_order():
    check(unique_in_order)

from can_construct import *  # noqa: F401,F403
from can_construct import can_construct

def check(can_construct):
    assert can_construct("aa", "aab") is True
    assert can_construct("aa", "ab") is False
    assert can_construct("a b", "ab") is True
    assert can_construct("", "") is True
    assert can_construct("abc", "ab") is False
    assert can_construct("A", "a") is False
    assert can_construct("hello", "ohell") is True


def test_can_construct():
    check(can_construct)

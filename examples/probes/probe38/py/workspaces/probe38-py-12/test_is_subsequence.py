from is_subsequence import *  # noqa: F401,F403
from is_subsequence import is_subsequence

def check(is_subsequence):
    assert is_subsequence("ace", "abcde") is True
    assert is_subsequence("aec", "abcde") is False
    assert is_subsequence("", "xyz") is True
    assert is_subsequence("", "") is True
    assert is_subsequence("a", "") is False
    assert is_subsequence("aab", "abab") is True
    assert is_subsequence("abc", "abc") is True
    assert is_subsequence("abcd", "abc") is False


def test_is_subsequence():
    check(is_subsequence)

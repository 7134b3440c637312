from word_pattern import *  # noqa: F401,F403
from word_pattern import word_pattern

def check(word_pattern):
    assert word_pattern("abba", "dog cat cat dog") is True
    assert word_pattern("abba", "dog dog dog dog") is False
    assert word_pattern("abba", "dog cat cat fish") is False
    assert word_pattern("aaaa", "dog cat cat dog") is False
    assert word_pattern("abc", "x y z") is True
    assert word_pattern("ab", "x x") is False
    assert word_pattern("a", "x y") is False
    assert word_pattern("", "") is True
    assert word_pattern("abab", "red blue red blue") is True


def test_word_pattern():
    check(word_pattern)

from word_wrap import *  # noqa: F401,F403
from word_wrap import word_wrap

def check(word_wrap):
    assert word_wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert word_wrap("a bb ccc", 4) == ["a bb", "ccc"]
    assert word_wrap("", 5) == []
    assert word_wrap("hello", 3) == ["hello"]
    assert word_wrap("aa bb cc dd", 5) == ["aa bb", "cc dd"]
    assert word_wrap("one two three four five", 9) == ["one two", "three", "four five"]
    assert word_wrap("  spaced   out  words ", 20) == ["spaced out words"]


def test_word_wrap():
    check(word_wrap)

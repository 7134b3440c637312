from wrap_words import *  # noqa: F401,F403
from wrap_words import wrap_words


def check(wrap_words):
    assert wrap_words("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert wrap_words("the quick brown fox", 9) == ["the quick", "brown fox"]
    assert wrap_words("", 5) == []
    assert wrap_words("supercalifragilistic is long", 6) == ["supercalifragilistic", "is", "long"]
    assert wrap_words("  a   b  c ", 3) == ["a b", "c"]
    assert wrap_words("one two three", 100) == ["one two three"]


def test_wrap_words():
    check(wrap_words)

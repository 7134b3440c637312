from truncate_words import *  # noqa: F401,F403
from truncate_words import truncate_words

def check(truncate_words):
    assert truncate_words("the quick brown fox", 2) == "the quick..."
    assert truncate_words("  hello   world ", 2) == "hello world"
    assert truncate_words("one", 1) == "one"
    assert truncate_words("", 3) == ""
    assert truncate_words("a b c", 0) == "..."
    assert truncate_words("a b c", 5) == "a b c"


def test_truncate_words():
    check(truncate_words)

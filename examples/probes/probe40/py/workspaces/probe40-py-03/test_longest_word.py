from longest_word import *  # noqa: F401,F403
from longest_word import longest_word

def check(longest_word):
    assert longest_word("The quick brown fox.") == "quick"
    assert longest_word("hi, yo!") == "hi"
    assert longest_word("") == ""
    assert longest_word("a bb cc d") == "bb"
    assert longest_word("Hello, world!!") == "Hello"
    assert longest_word("   ") == ""
    assert longest_word("one three seven") == "three"


def test_longest_word():
    check(longest_word)

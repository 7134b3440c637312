from first_seen_words import *  # noqa: F401,F403
from first_seen_words import first_seen_words

def check(first_seen_words):
    assert first_seen_words("the cat and the hat") == ["the", "cat", "and", "hat"]
    assert first_seen_words("Go, go, GO!") == ["go"]
    assert first_seen_words("It's 5 o'clock") == ["it's", "o'clock"]
    assert first_seen_words("") == []
    assert first_seen_words("zebra apple Zebra mango apple") == ["zebra", "apple", "mango"]
    assert first_seen_words("b a b a") == ["b", "a"]


def test_first_seen_words():
    check(first_seen_words)

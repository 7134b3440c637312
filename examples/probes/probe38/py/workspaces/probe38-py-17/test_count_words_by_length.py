from count_words_by_length import *  # noqa: F401,F403
from count_words_by_length import count_words_by_length

def check(count_words_by_length):
    assert count_words_by_length("Hi, there! A test - ok?") == {1: 1, 2: 2, 4: 1, 5: 1}
    assert count_words_by_length("") == {}
    assert count_words_by_length("... !!") == {}
    assert count_words_by_length("(well) 'said' well-known") == {4: 2, 10: 1}
    assert list(count_words_by_length("ccc a bb")) == [1, 2, 3]


def test_count_words_by_length():
    check(count_words_by_length)

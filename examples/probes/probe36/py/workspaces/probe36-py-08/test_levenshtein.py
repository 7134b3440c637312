from levenshtein import *  # noqa: F401,F403
from levenshtein import levenshtein

def check(levenshtein):
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("flaw", "lawn") == 2
    assert levenshtein("", "abc") == 3
    assert levenshtein("abc", "") == 3
    assert levenshtein("same", "same") == 0
    assert levenshtein("abc", "cab") == 2
    assert levenshtein("intention", "execution") == 5
    assert levenshtein("a", "b") == 1


def test_levenshtein():
    check(levenshtein)

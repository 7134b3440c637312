from longest_palindromic_substring import *  # noqa: F401,F403
from longest_palindromic_substring import longest_palindromic_substring

def check(longest_palindromic_substring):
    assert longest_palindromic_substring("babad") == "bab"
    assert longest_palindromic_substring("cbbd") == "bb"
    assert longest_palindromic_substring("") == ""
    assert longest_palindromic_substring("a") == "a"
    assert longest_palindromic_substring("abba") == "abba"
    assert longest_palindromic_substring("forgeeksskeegfor") == "geeksskeeg"
    assert longest_palindromic_substring("abc") == "a"
    assert longest_palindromic_substring("aaaa") == "aaaa"


def test_longest_palindromic_substring():
    check(longest_palindromic_substring)

from simple_regex_match import *  # noqa: F401,F403
from simple_regex_match import simple_regex_match

import pytest


def check(simple_regex_match):
    assert simple_regex_match("aa", "a") is False
    assert simple_regex_match("aa", "a*") is True
    assert simple_regex_match("ab", ".*") is True
    assert simple_regex_match("aab", "c*a*b") is True
    assert simple_regex_match("mississippi", "mis*is*p*.") is False
    assert simple_regex_match("", "a*b*") is True
    assert simple_regex_match("abc", "a.c") is True
    assert simple_regex_match("aaa", "ab*a*c*a") is True


def test_simple_regex_match():
    check(simple_regex_match)

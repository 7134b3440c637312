from longest_common_substring import *  # noqa: F401,F403
from longest_common_substring import longest_common_substring

def check(longest_common_substring):
    assert longest_common_substring("xabcdy", "zzbcdabz") == "bcd"
    assert longest_common_substring("abc", "xyz") == ""
    assert longest_common_substring("", "abc") == ""
    assert longest_common_substring("abcxyz", "xyzabc") == "abc"
    assert longest_common_substring("axbycz", "abc") == "a"
    assert longest_common_substring("banana", "ananas") == "anana"
    assert longest_common_substring("hello world", "yellow") == "ello"


def test_longest_common_substring():
    check(longest_common_substring)

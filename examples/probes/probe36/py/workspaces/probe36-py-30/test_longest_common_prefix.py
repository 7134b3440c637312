from longest_common_prefix import *  # noqa: F401,F403
from longest_common_prefix import longest_common_prefix

def check(longest_common_prefix):
    assert longest_common_prefix(["flower", "flow", "flight"]) == "fl"
    assert longest_common_prefix(["dog", "racecar", "car"]) == ""
    assert longest_common_prefix([]) == ""
    assert longest_common_prefix(["alone"]) == "alone"
    assert longest_common_prefix(["interview", "internet", "interval", "internal"]) == "inter"
    assert longest_common_prefix(["ab", "a"]) == "a"
    assert longest_common_prefix(["", "abc"]) == ""
    assert longest_common_prefix(["prefix", "pre", "prelude"]) == "pre"


def test_longest_common_prefix():
    check(longest_common_prefix)

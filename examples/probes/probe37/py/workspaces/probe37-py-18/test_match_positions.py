from match_positions import *  # noqa: F401,F403
from match_positions import match_positions

def check(match_positions):
    assert match_positions("ace", "abcde") == [0, 2, 4]
    assert match_positions("aec", "abcde") is None
    assert match_positions("", "abc") == []
    assert match_positions("abc", "") is None
    assert match_positions("aa", "ab") is None
    assert match_positions("aa", "aba") == [0, 2]
    assert match_positions("bb", "abbb") == [1, 2]
    assert match_positions("abc", "abc") == [0, 1, 2]


def test_match_positions():
    check(match_positions)

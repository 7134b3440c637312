from longest_streak import *  # noqa: F401,F403
from longest_streak import longest_streak

def check(longest_streak):
    assert longest_streak("WWLWWWLW", "W") == 3
    assert longest_streak("LLL", "W") == 0
    assert longest_streak("", "W") == 0
    assert longest_streak("WWW", "W") == 3
    assert longest_streak("WLWLW", "W") == 1
    assert longest_streak("WWLWWWLW", "L") == 1
    assert longest_streak("aabbbbab", "b") == 4


def test_longest_streak():
    check(longest_streak)

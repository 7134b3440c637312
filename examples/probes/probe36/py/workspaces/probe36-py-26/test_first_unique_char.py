from first_unique_char import *  # noqa: F401,F403
from first_unique_char import first_unique_char

def check(first_unique_char):
    assert first_unique_char("swiss") == 1
    assert first_unique_char("aabb") == -1
    assert first_unique_char("aA") == 0
    assert first_unique_char("") == -1
    assert first_unique_char("leetcode") == 0
    assert first_unique_char("loveleetcode") == 2
    assert first_unique_char("3aa") == 0
    assert first_unique_char("aa bb") == 2
    assert first_unique_char("xx!yy") == 2


def test_first_unique_char():
    check(first_unique_char)

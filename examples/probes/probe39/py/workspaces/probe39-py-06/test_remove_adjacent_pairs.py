from remove_adjacent_pairs import *  # noqa: F401,F403
from remove_adjacent_pairs import remove_adjacent_pairs

def check(remove_adjacent_pairs):
    assert remove_adjacent_pairs("abbaca") == "ca"
    assert remove_adjacent_pairs("azxxzy") == "ay"
    assert remove_adjacent_pairs("") == ""
    assert remove_adjacent_pairs("aa") == ""
    assert remove_adjacent_pairs("abc") == "abc"
    assert remove_adjacent_pairs("aabbcc") == ""
    assert remove_adjacent_pairs("abccbd") == "ad"


def test_remove_adjacent_pairs():
    check(remove_adjacent_pairs)

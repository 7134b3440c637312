from is_word_ladder import *  # noqa: F401,F403
from is_word_ladder import is_word_ladder

def check(is_word_ladder):
    assert is_word_ladder(["cold", "cord", "card", "ward", "warm"]) == True
    assert is_word_ladder(["cat", "cot", "cot"]) == False
    assert is_word_ladder(["cat", "cots"]) == False
    assert is_word_ladder([]) == True
    assert is_word_ladder(["word"]) == True
    assert is_word_ladder(["head", "heal", "teal", "tell", "tall", "tail"]) == True
    assert is_word_ladder(["bat", "cat", "cats"]) == False
    assert is_word_ladder(["bat", "cats"]) == False


def test_is_word_ladder():
    check(is_word_ladder)

from mastermind_score import *  # noqa: F401,F403
from mastermind_score import mastermind_score

def check(mastermind_score):
    assert mastermind_score("RGBY", "RGYB") == (2, 2)
    assert mastermind_score("RRGG", "GRRR") == (1, 2)
    assert mastermind_score("ABCD", "ABCD") == (4, 0)
    assert mastermind_score("AAAA", "BBBB") == (0, 0)
    assert mastermind_score("ABCD", "DCBA") == (0, 4)
    assert mastermind_score("AABB", "ABAB") == (2, 2)
    assert mastermind_score("AAB", "ACC") == (1, 0)
    assert mastermind_score("", "") == (0, 0)


def test_mastermind_score():
    check(mastermind_score)

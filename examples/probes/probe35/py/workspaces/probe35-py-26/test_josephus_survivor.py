from josephus_survivor import *  # noqa: F401,F403
from josephus_survivor import josephus_survivor

def check(candidate):
    assert candidate(1, 1) == 1
    assert candidate(7, 3) == 4
    assert candidate(5, 2) == 3
    assert candidate(6, 1) == 6
    assert candidate(10, 2) == 5
    assert candidate(41, 3) == 31
    assert candidate(2, 2) == 1


def test_josephus_survivor():
    check(josephus_survivor)

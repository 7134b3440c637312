from min_coins import *  # noqa: F401,F403
from min_coins import min_coins

def check(candidate):
    assert candidate(0, [1, 2]) == 0
    assert candidate(11, [1, 2, 5]) == 3
    assert candidate(3, [2]) == -1
    assert candidate(5, [1, 5]) == 1
    assert candidate(6, [1, 3, 4]) == 2
    assert candidate(7, [2, 4]) == -1
    assert candidate(10, [10]) == 1


def test_min_coins():
    check(min_coins)

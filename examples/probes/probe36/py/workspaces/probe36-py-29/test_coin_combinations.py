from coin_combinations import *  # noqa: F401,F403
from coin_combinations import coin_combinations

def check(coin_combinations):
    assert coin_combinations(5, [1, 2, 5]) == 4
    assert coin_combinations(3, [2]) == 0
    assert coin_combinations(0, [1, 2]) == 1
    assert coin_combinations(10, [10]) == 1
    assert coin_combinations(10, [2, 5, 3, 6]) == 5
    assert coin_combinations(4, [1, 2, 3]) == 4
    assert coin_combinations(100, [1, 5, 10, 25, 50]) == 292
    assert coin_combinations(7, []) == 0


def test_coin_combinations():
    check(coin_combinations)

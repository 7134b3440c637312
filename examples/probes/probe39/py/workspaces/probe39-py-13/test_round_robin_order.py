from round_robin_order import *  # noqa: F401,F403
from round_robin_order import round_robin_order

def check(round_robin_order):
    assert round_robin_order([3, 1, 2], 2) == [1, 2, 0]
    assert round_robin_order([1, 1], 5) == [0, 1]
    assert round_robin_order([], 3) == []
    assert round_robin_order([5, 2, 4], 1) == [1, 2, 0]
    assert round_robin_order([4, 4, 1], 3) == [2, 0, 1]


def test_round_robin_order():
    check(round_robin_order)

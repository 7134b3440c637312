from print_order_position import *  # noqa: F401,F403
from print_order_position import print_order_position

def check(print_order_position):
    assert print_order_position([1, 1, 9, 1, 1, 1], 0) == 5
    assert print_order_position([2, 1, 3, 2], 2) == 1
    assert print_order_position([5], 0) == 1
    assert print_order_position([1, 2, 3], 0) == 3
    assert print_order_position([3, 2, 1], 2) == 3
    assert print_order_position([1, 3, 1, 3], 3) == 2
    assert print_order_position([2, 2, 2], 1) == 2


def test_print_order_position():
    check(print_order_position)

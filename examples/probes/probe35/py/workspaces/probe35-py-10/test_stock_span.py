from stock_span import *  # noqa: F401,F403
from stock_span import stock_span

def check(candidate):
    assert candidate([]) == []
    assert candidate([100, 80, 60, 70, 60, 75, 85]) == [1, 1, 1, 2, 1, 4, 6]
    assert candidate([1, 2, 3]) == [1, 2, 3]
    assert candidate([3, 2, 1]) == [1, 1, 1]
    assert candidate([5, 5, 5]) == [1, 2, 3]
    assert candidate([10, 4, 5, 90, 120, 80]) == [1, 1, 2, 4, 5, 1]
    assert candidate([7, 3, 3, 8]) == [1, 1, 2, 4]


def test_stock_span():
    check(stock_span)

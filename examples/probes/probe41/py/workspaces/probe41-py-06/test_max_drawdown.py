from max_drawdown import *  # noqa: F401,F403
from max_drawdown import max_drawdown

def check(max_drawdown):
    assert max_drawdown([10, 12, 7, 9, 5, 11]) == 7
    assert max_drawdown([1, 2, 3]) == 0
    assert max_drawdown([8, 3, 9, 6]) == 5
    assert max_drawdown([]) == 0
    assert max_drawdown([5]) == 0
    assert max_drawdown([3, 1, 4, 1, 5, 9, 2, 6]) == 7
    assert max_drawdown([100, 90, 120, 60]) == 60


def test_max_drawdown():
    check(max_drawdown)

from quantile import *  # noqa: F401,F403
from quantile import quantile

def check(quantile):
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([4, 1, 3, 2], 0) == 1
    assert quantile([4, 1, 3, 2], 1) == 4
    assert quantile([10, 20, 30, 40, 50], 0.25) == 20
    assert quantile([7], 0.9) == 7
    assert quantile([1, 3], 0.75) == 2.5
    assert quantile([0, 10, 20], 0.9) == 18


def test_quantile():
    check(quantile)

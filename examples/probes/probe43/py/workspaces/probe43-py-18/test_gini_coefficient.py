from gini_coefficient import *  # noqa: F401,F403
from gini_coefficient import gini_coefficient

def check(gini_coefficient):
    assert gini_coefficient([1, 1, 1, 1]) == 0.0
    assert gini_coefficient([0, 0, 0, 4]) == 0.75
    assert gini_coefficient([4, 0, 0, 0]) == 0.75
    assert gini_coefficient([]) == 0.0
    assert gini_coefficient([0, 0, 0]) == 0.0
    assert gini_coefficient([1, 3]) == 0.25
    assert gini_coefficient([5]) == 0.0


def test_gini_coefficient():
    check(gini_coefficient)

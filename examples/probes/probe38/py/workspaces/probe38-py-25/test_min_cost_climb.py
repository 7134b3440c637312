from min_cost_climb import *  # noqa: F401,F403
from min_cost_climb import min_cost_climb

def check(min_cost_climb):
    assert min_cost_climb([10, 15, 20]) == 15
    assert min_cost_climb([1, 100, 1, 1, 1, 100, 1, 1, 100, 1]) == 6
    assert min_cost_climb([]) == 0
    assert min_cost_climb([7]) == 0
    assert min_cost_climb([3, 2]) == 2
    assert min_cost_climb([0, 5, 5, 0]) == 5


def test_min_cost_climb():
    check(min_cost_climb)

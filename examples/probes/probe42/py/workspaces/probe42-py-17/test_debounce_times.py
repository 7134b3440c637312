from debounce_times import *  # noqa: F401,F403
from debounce_times import debounce_times

def check(debounce_times):
    assert debounce_times([0, 1, 2, 10, 11], 3) == [5, 14]
    assert debounce_times([], 5) == []
    assert debounce_times([7], 2) == [9]
    assert debounce_times([0, 3, 6], 3) == [3, 6, 9]
    assert debounce_times([11, 0, 10, 2, 1], 3) == [5, 14]
    assert debounce_times([0, 0.5, 1.0], 0.5) == [0.5, 1.0, 1.5]


def test_debounce_times():
    check(debounce_times)

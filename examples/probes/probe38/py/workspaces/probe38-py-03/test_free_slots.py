from free_slots import *  # noqa: F401,F403
from free_slots import free_slots

def check(free_slots):
    assert free_slots([(9, 10), (12, 13)], 8, 17, 1) == [(8, 9), (10, 12), (13, 17)]
    assert free_slots([(9, 11), (10, 12)], 9, 13, 2) == []
    assert free_slots([], 0, 10, 5) == [(0, 10)]
    assert free_slots([(2, 4)], 0, 10, 2) == [(0, 2), (4, 10)]
    assert free_slots([(1, 5), (2, 3), (6, 7)], 0, 8, 1) == [(0, 1), (5, 6), (7, 8)]
    assert free_slots([(0, 10)], 0, 10, 1) == []
    assert free_slots([(3, 4)], 0, 6, 3) == [(0, 3)]


def test_free_slots():
    check(free_slots)

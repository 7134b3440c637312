from lis_length import *  # noqa: F401,F403
from lis_length import lis_length

def check(lis_length):
    assert lis_length([10, 9, 2, 5, 3, 7, 101, 18]) == 4
    assert lis_length([7, 7, 7]) == 1
    assert lis_length([]) == 0
    assert lis_length([5]) == 1
    assert lis_length([0, 1, 0, 3, 2, 3]) == 4
    assert lis_length([5, 4, 3, 2, 1]) == 1


def test_lis_length():
    check(lis_length)

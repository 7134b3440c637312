from elevator_distance import *  # noqa: F401,F403
from elevator_distance import elevator_distance

def check(elevator_distance):
    assert elevator_distance(0, [5, 2]) == 8
    assert elevator_distance(3, [3, 3]) == 0
    assert elevator_distance(10, []) == 0
    assert elevator_distance(-2, [3, -4, 0]) == 16
    assert elevator_distance(1, [2]) == 1


def test_elevator_distance():
    check(elevator_distance)

from bowling_score import *  # noqa: F401,F403
from bowling_score import bowling_score

def check(candidate):
    assert candidate([0] * 20) == 0
    assert candidate([10] * 12) == 300
    assert candidate([9, 0] * 10) == 90
    assert candidate([9, 1] * 10 + [9]) == 190
    assert candidate([10, 3, 4] + [0] * 16) == 24
    assert candidate([10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1]) == 167
    assert candidate([0] * 18 + [10, 10, 10]) == 30


def test_bowling_score():
    check(bowling_score)

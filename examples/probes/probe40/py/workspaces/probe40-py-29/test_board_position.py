from board_position import *  # noqa: F401,F403
from board_position import board_position

def check(board_position):
    assert board_position([3, 4], {3: 10}) == 14
    assert board_position([6, 2], {8: 2}) == 2
    assert board_position([5, 5], {}, 8) == 5
    assert board_position([5, 3], {}, 8) == 8
    assert board_position([4, 4, 1], {}, 8) == 8
    assert board_position([2, 2], {2: 7, 9: 1}) == 1
    assert board_position([6, 6, 6, 6], {}, 20) == 18


def test_board_position():
    check(board_position)

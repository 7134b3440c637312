from poker_dice_rank import *  # noqa: F401,F403
from poker_dice_rank import poker_dice_rank

def check(poker_dice_rank):
    assert poker_dice_rank([2, 2, 2, 2, 2]) == "five of a kind"
    assert poker_dice_rank([3, 3, 3, 3, 1]) == "four of a kind"
    assert poker_dice_rank([2, 3, 2, 3, 3]) == "full house"
    assert poker_dice_rank([6, 6, 6, 1, 2]) == "three of a kind"
    assert poker_dice_rank([1, 1, 2, 2, 5]) == "two pair"
    assert poker_dice_rank([4, 4, 1, 2, 3]) == "pair"
    assert poker_dice_rank([1, 2, 3, 4, 6]) == "nothing"


def test_poker_dice_rank():
    check(poker_dice_rank)

def poker_dice_rank(dice: list) -> str:
    """Name the best hand shown by five dice. The hands, best first, are
    "five of a kind", "four of a kind", "full house" (three of one value and
    two of another), "three of a kind", "two pair", "pair" and "nothing"
    (straights do not count).
    >>> poker_dice_rank([2, 3, 2, 3, 3])
    'full house'
    >>> poker_dice_rank([4, 4, 1, 2, 3])
    'pair'
    >>> poker_dice_rank([1, 2, 3, 4, 6])
    'nothing'
    """
    counts = sorted((dice.count(v) for v in set(dice)), reverse=True)
    if counts[0] == 5:
        return "five of a kind"
    if counts[0] == 4:
        return "four of a kind"
    if counts == [3, 2]:
        return "full house"
    if counts[0] == 3:
        return "three of a kind"
    if counts == [2, 2, 1]:
        return "two pair"
    if counts[0] == 2:
        return "pair"
    return "nothing"

import math


def tip_split(total: float, people: int, tip_percent: int) -> float:
    """Return what each of people diners pays when the bill total gets a
    tip_percent tip and is split evenly. Each share is rounded UP to whole
    cents, so that the shares together never come to less than the bill plus
    tip.
    >>> tip_split(100, 4, 15)
    28.75
    >>> tip_split(10, 3, 0)
    3.34
    >>> tip_split(50, 1, 20)
    60.0
    """
    cents = round(total * 100) * (100 + tip_percent)
    share = cents / (100 * people)
    return math.ceil(share) / 100

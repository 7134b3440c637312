def bottles_drunk(full: int, exchange: int) -> int:
    """You have `full` bottles of water, and the shop swaps `exchange` empty
    bottles for one full bottle (exchange >= 2). Return the largest number of
    bottles you can drink.
    >>> bottles_drunk(9, 3)
    13
    >>> bottles_drunk(15, 4)
    19
    """
    drunk = 0
    empty = 0
    while full > 0:
        drunk += full
        empty += full
        full = empty // exchange
        empty = empty % exchange
    return drunk

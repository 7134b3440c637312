def pisano_period(m):
    """Return the Pisano period of m (m >= 1): the length of the cycle that
    the Fibonacci numbers 0, 1, 1, 2, 3, 5, ... repeat when taken modulo m.
    For example pisano_period(2) == 3 (0, 1, 1, 0, 1, 1, ...) and
    pisano_period(10) == 60. pisano_period(1) is 1. Raise ValueError for
    m < 1."""
    if m < 1:
        raise ValueError("m must be >= 1")
    if m == 1:
        return 1
    prev, cur = 0, 1
    period = 0
    while True:
        prev, cur = cur, (prev + cur) % m
        period += 1
        if prev == 0 and cur == 1:
            return period

def multiplicative_persistence(n: int) -> int:
    """Return how many times the decimal digits of the non-negative integer
    n have to be multiplied together, replacing n by their product each
    time, before n is a single digit.
    >>> multiplicative_persistence(39)
    3
    >>> multiplicative_persistence(4)
    0
    """
    steps = 0
    while n >= 10:
        product = 1
        for d in str(n):
            product *= int(d)
        n = product
        steps += 1
    return steps

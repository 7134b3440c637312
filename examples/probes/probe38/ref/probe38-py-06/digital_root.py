def digital_root(n: int) -> int:
    """Repeatedly replace the non-negative integer n by the sum of its decimal
    digits until a single digit remains, and return that digit.
    >>> digital_root(16)
    7
    >>> digital_root(942)
    6
    >>> digital_root(0)
    0
    """
    while n >= 10:
        total = 0
        while n > 0:
            total += n % 10
            n //= 10
        n = total
    return n

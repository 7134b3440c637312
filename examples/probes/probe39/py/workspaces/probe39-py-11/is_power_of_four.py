def is_power_of_four(n: int) -> bool:
    """Return True when n is 4 raised to some non-negative integer power
    (1, 4, 16, 64, ...), using bit operations.
    >>> is_power_of_four(16)
    True
    >>> is_power_of_four(8)
    False
    >>> is_power_of_four(1)
    True
    """
    if n <= 0:
        return False
    if n == 1:
        return False
    if n & (n - 1):
        return False
    return (n.bit_length() - 1) % 2 == 0

def even_parity_bit(n: int) -> int:
    """Return the even parity bit of the non-negative integer n: the bit that
    makes the total number of 1 bits (those of n plus the parity bit) even.
    It is 0 if n has an even number of 1 bits and 1 otherwise.
    >>> even_parity_bit(0b1011)
    1
    >>> even_parity_bit(0b1001)
    0
    >>> even_parity_bit(0)
    0
    """
    parity = 0
    while n:
        parity ^= n & 1
        n >>= 1
    return parity

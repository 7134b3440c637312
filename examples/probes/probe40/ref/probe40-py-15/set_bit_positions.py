def set_bit_positions(n: int) -> list:
    """Return the positions of the 1 bits of the non-negative integer n, from
    the most significant one down to the least significant one. Bit 0 is the
    least significant bit.
    >>> set_bit_positions(0b10110)
    [4, 2, 1]
    >>> set_bit_positions(1)
    [0]
    >>> set_bit_positions(0)
    []
    """
    positions = []
    pos = 0
    while n:
        if n & 1:
            positions.append(pos)
        n >>= 1
        pos += 1
    positions.reverse()
    return positions

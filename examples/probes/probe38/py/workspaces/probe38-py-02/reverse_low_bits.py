def reverse_low_bits(x: int, width: int) -> int:
    """Reverse the order of the lowest `width` bits of the non-negative integer
    x and return them as a new integer; bits of x above position width - 1
    are ignored.
    >>> reverse_low_bits(0b0001, 4)
    8
    >>> reverse_low_bits(0b1101, 4)
    11
    >>> reverse_low_bits(0b110, 3)
    3
    """
    result = 0
    for _ in range(width - 1):
        result = (result << 1) | (x & 1)
        x >>= 1
    return result

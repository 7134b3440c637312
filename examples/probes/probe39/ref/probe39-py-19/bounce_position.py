def bounce_position(length: int, start: int, steps: int) -> int:
    """A ball moves one unit per step along the positions 0..length (both
    included, length >= 1), starting at start and first moving towards
    length. When its next step would leave that range it turns around
    before moving. Return its position after the given number of steps.
    >>> bounce_position(3, 0, 4)
    2
    >>> bounce_position(5, 5, 1)
    4
    """
    pos, step = start, 1
    for _ in range(steps):
        if not 0 <= pos + step <= length:
            step = -step
        pos += step
    return pos

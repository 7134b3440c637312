def elevator_distance(start: int, requests: list) -> int:
    """An elevator starts at floor start and visits the requested floors in
    the given order. Return the total number of floors it travels.
    >>> elevator_distance(0, [5, 2])
    8
    >>> elevator_distance(3, [3, 3])
    0
    """
    floor = start
    total = 0
    for target in requests:
        total += abs(target - floor)
        floor = target
    return total

def free_slots(busy, day_start, day_end, min_length):
    """busy is a list of busy intervals [start, end) sorted by start; they may
    overlap and all lie inside [day_start, day_end). Return, in order, the
    free intervals [start, end) of the day that are at least min_length long,
    as (start, end) tuples.
    >>> free_slots([(9, 10), (12, 13)], 8, 17, 1)
    [(8, 9), (10, 12), (13, 17)]
    >>> free_slots([(9, 11), (10, 12)], 9, 13, 2)
    []
    """
    slots = []
    cursor = day_start
    for start, end in busy:
        if start - cursor >= min_length:
            slots.append((cursor, start))
        cursor = max(cursor, end)
    if day_end - cursor >= min_length:
        slots.append((cursor, day_end))
    return slots

def minutes_between(start: str, end: str) -> int:
    """Return the number of minutes from clock time `start` forward to clock
    time `end`, both given as 24-hour "HH:MM" strings. If `end` is earlier in
    the day than `start`, it is taken to be on the next day, so the result is
    always between 0 and 1439.
    >>> minutes_between("09:15", "10:00")
    45
    >>> minutes_between("23:30", "00:15")
    45
    """
    start_hours, start_minutes = map(int, start.split(":"))
    end_hours, end_minutes = map(int, end.split(":"))
    start_total = start_hours * 60 + start_minutes
    end_total = end_hours * 60 + end_minutes
    return (end_total - start_total) % (24 * 60)

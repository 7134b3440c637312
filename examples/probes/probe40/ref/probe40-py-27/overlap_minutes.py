def overlap_minutes(a: str, b: str) -> int:
    """Each argument is a time range "HH:MM-HH:MM" within one day, with the
    start before the end. Return the number of minutes the two ranges share.
    >>> overlap_minutes("09:00-10:30", "10:00-11:00")
    30
    >>> overlap_minutes("08:00-09:00", "09:00-10:00")
    0
    >>> overlap_minutes("12:15-12:45", "11:00-13:00")
    30
    """
    def to_min(t):
        h, m = t.split(":")
        return int(h) * 60 + int(m)

    a_start, a_end = (to_min(t) for t in a.split("-"))
    b_start, b_end = (to_min(t) for t in b.split("-"))
    return max(0, min(a_end, b_end) - max(a_start, b_start))

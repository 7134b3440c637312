def minutes_between(start, end):
    """Minutes from clock time start to clock time end ("HH:MM", 24-hour).

    If end is earlier than start the interval runs past midnight, so the
    result is always between 0 and 1439. Invalid times raise ValueError.

    >>> minutes_between("09:15", "10:00")
    45
    >>> minutes_between("23:30", "00:15")
    45
    """
    def to_minutes(text):
        hours, minutes = text.strip().split(":")
        h, m = int(hours), int(minutes)
        if not (0 <= h < 24 and 0 <= m < 60):
            raise ValueError("bad time: %r" % text)
        return h * 60 + m

    diff = to_minutes(end) - to_minutes(start)
    return diff

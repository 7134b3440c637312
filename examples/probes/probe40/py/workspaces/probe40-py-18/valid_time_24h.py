def valid_time_24h(s: str) -> bool:
    """Return True if s is a time "HH:MM" on a 24-hour clock: exactly two
    digits for the hour (00 to 23), a colon, and exactly two digits for the
    minutes (00 to 59).
    >>> valid_time_24h("09:30")
    True
    >>> valid_time_24h("24:00")
    False
    >>> valid_time_24h("7:05")
    False
    """
    if len(s) != 5 or s[2] != ":":
        return False
    hh, mm = s[:2], s[3:]
    if not (hh.isdigit() and mm.isdigit()):
        return False
    return int(hh) <= 24 and int(mm) < 60

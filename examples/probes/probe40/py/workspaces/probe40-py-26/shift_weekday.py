def shift_weekday(day: str, n: int) -> str:
    """Return the day of the week that comes n days after day (n may be
    negative or larger than a week). Days are written "Mon", "Tue", "Wed",
    "Thu", "Fri", "Sat" and "Sun".
    >>> shift_weekday("Mon", 3)
    'Thu'
    >>> shift_weekday("Sat", 2)
    'Mon'
    >>> shift_weekday("Tue", -9)
    'Sun'
    """
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return days[(days.index(day) + n) % 6]

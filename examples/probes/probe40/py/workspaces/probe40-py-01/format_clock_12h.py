def format_clock_12h(minutes: int) -> str:
    """Convert a number of minutes since midnight (0 <= minutes < 1440) to a
    12-hour clock string "H:MM AM" or "H:MM PM". Midnight is 12:00 AM and
    noon is 12:00 PM; the hour has no leading zero and the minutes always
    have two digits.
    >>> format_clock_12h(0)
    '12:00 AM'
    >>> format_clock_12h(754)
    '12:34 PM'
    >>> format_clock_12h(545)
    '9:05 AM'
    """
    hour, minute = divmod(minutes, 60)
    suffix = "AM" if hour < 12 else "PM"
    hour = hour % 12
    return f"{hour}:{minute:02d} {suffix}"

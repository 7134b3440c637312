def parse_time_12h(text: str) -> int:
    """Convert a 12-hour clock time such as "7:05 PM" to minutes after
    midnight. "12:xx AM" is just after midnight and "12:xx PM" is just after
    noon. The letter case of AM/PM and surrounding spaces do not matter.
    >>> parse_time_12h("7:05 PM")
    1145
    >>> parse_time_12h("12:30 AM")
    30
    """
    clock, period = text.strip().split()
    hours, minutes = (int(p) for p in clock.split(":"))
    period = period.upper()
    if hours == 12:
        hours = 0
    if period == "PM":
        hours += 12
    return hours * 60 + minutes

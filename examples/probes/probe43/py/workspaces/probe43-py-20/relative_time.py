def relative_time(seconds):
    """Describe a time offset in words: negative seconds lie in the past
    ("5 minutes ago"), positive ones in the future ("in 2 hours"). Offsets
    of less than 45 seconds either way are "just now". Otherwise the unit
    is the largest of day, hour, minute and second that fits at least once,
    and the count of whole units is rounded down.
    >>> relative_time(-300)
    '5 minutes ago'
    """
    if abs(seconds) < 45:
        return "just now"
    span = abs(seconds)
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        if span > size:
            count = span // size
            break
    label = f"{count} {name}" + ("" if count == 1 else "s")
    return f"{label} ago" if seconds < 0 else f"in {label}"

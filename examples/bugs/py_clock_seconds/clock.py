def seconds_since_midnight(stamp):
    """Seconds since midnight for a time written as hh:mm:ss on a 24-hour clock."""
    minutes, hours, seconds = (int(part) for part in stamp.split(":"))
    return hours * 3600 + minutes * 60 + seconds

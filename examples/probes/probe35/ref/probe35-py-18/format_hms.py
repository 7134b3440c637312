def format_hms(seconds: int) -> str:
    """Format a non-negative duration given in seconds as "H:MM:SS". The hours
    are not padded and are not limited to 24 (this is a duration, not a time
    of day); minutes and seconds always have two digits.
    >>> format_hms(3661)
    '1:01:01'
    >>> format_hms(90000)
    '25:00:00'
    """
    hours = seconds // 3600
    minutes = seconds % 3600 // 60
    secs = seconds % 60
    return f"{hours}:{minutes:02d}:{secs:02d}"

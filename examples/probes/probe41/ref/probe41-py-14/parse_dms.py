def parse_dms(text: str) -> float:
    """Convert a coordinate written as "D M S H" (degrees, minutes, seconds and
    a hemisphere letter N, S, E or W, separated by spaces) to signed decimal
    degrees, rounded to 6 places. South and west are negative.
    >>> parse_dms("40 26 46 N")
    40.446111
    >>> parse_dms("79 58 56 W")
    -79.982222
    >>> parse_dms("0 30 0 S")
    -0.5
    """
    deg, minutes, seconds, hemi = text.split()
    value = int(deg) + int(minutes) / 60 + float(seconds) / 3600
    if hemi in "SW":
        value = -value
    return round(value, 6)

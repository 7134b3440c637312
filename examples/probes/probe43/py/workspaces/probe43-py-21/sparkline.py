BARS = " .:-=+*#"


def sparkline(values):
    """Draw numbers as a one-line text chart using the characters of BARS
    from lowest to highest: the smallest value gets the first character,
    the largest the last, others are scaled linearly and rounded to the
    nearest level. A constant series is drawn at the lowest level.
    >>> sparkline([0, 6, 14])
    ' -#'
    """
    if not values:
        return ""
    lo = min(values)
    hi = max(values)
    span = hi - lo
    out = []
    for v in values:
        if span == 0:
            idx = 0
        else:
            idx = round((v - lo) / span * len(BARS))
        out.append(BARS[idx])
    return "".join(out)

def normalize_angle(degrees):
    """Map an angle given in degrees onto the half-open range (-180, 180]:
    the result differs from degrees by a whole number of turns.
    >>> normalize_angle(190)
    -170
    >>> normalize_angle(-180)
    180
    >>> normalize_angle(540)
    180
    """
    a = degrees % 360
    if a >= 180:
        a -= 360
    return a

def easter_date(year):
    """Return (month, day) of Western (Gregorian) Easter Sunday in the given
    year, using the anonymous Gregorian algorithm.
    >>> easter_date(2024)
    (3, 31)
    >>> easter_date(2025)
    (4, 20)
    """
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month, day = divmod(h + l - 7 * m + 114, 31)
    return month, day + 1

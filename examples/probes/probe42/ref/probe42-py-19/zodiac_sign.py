_STARTS = [
    (1, 20, "Aquarius"), (2, 19, "Pisces"), (3, 21, "Aries"),
    (4, 20, "Taurus"), (5, 21, "Gemini"), (6, 21, "Cancer"),
    (7, 23, "Leo"), (8, 23, "Virgo"), (9, 23, "Libra"),
    (10, 23, "Scorpio"), (11, 22, "Sagittarius"), (12, 22, "Capricorn"),
]


def zodiac_sign(month, day):
    """Return the western zodiac sign of a birthday. Each entry of _STARTS
    gives the first day of a sign; a sign lasts until the day before the next
    one starts (Capricorn runs from December 22 to January 19).
    >>> zodiac_sign(3, 21)
    'Aries'
    >>> zodiac_sign(1, 5)
    'Capricorn'
    """
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        raise ValueError("bad date")
    _, start_day, sign = _STARTS[month - 1]
    if day >= start_day:
        return sign
    return _STARTS[month - 2][2]

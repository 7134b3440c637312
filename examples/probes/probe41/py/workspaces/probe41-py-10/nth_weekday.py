from datetime import date


def nth_weekday(year: int, month: int, weekday: int, n: int) -> int:
    """Return the day of the month of the n-th (n >= 1) occurrence of weekday
    (0 = Monday ... 6 = Sunday) in the given month, or 0 when the month has no
    such occurrence.
    >>> nth_weekday(2024, 11, 3, 4)
    28
    >>> nth_weekday(2024, 5, 0, 1)
    6
    >>> nth_weekday(2024, 2, 3, 5)
    29
    """
    first = date(year, month, 1).weekday()
    day = 1 + (first - weekday) % 7 + 7 * (n - 1)
    next_month = date(year + month // 12, month % 12 + 1, 1)
    days_in_month = (next_month - date(year, month, 1)).days
    return day if day <= days_in_month else 0

from datetime import date, timedelta


def business_days_add(start, n, holidays=()):
    """Return the date n business days after start (n >= 0). Business days
    are Monday to Friday, except the dates listed in holidays. With n == 0
    the start date itself is returned when it is a business day, otherwise
    the next business day.
    >>> business_days_add(date(2024, 6, 14), 1)
    datetime.date(2024, 6, 17)
    """
    off = set(holidays)
    d = start
    while d.weekday() >= 5 or d in off:
        d += timedelta(days=1)
    while n > 0:
        d += timedelta(days=1)
        if d.weekday() < 5 and d not in off:
            n -= 1
    return d

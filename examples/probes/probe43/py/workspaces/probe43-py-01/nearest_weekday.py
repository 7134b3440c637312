from datetime import date, timedelta


def nearest_weekday(d):
    """Return the weekday (Monday to Friday) nearest to d without leaving
    d's month, as the "W" of cron does: a Saturday moves back to Friday and
    a Sunday forward to Monday, except that a Saturday the 1st moves forward
    to Monday the 3rd and a Sunday on the last day of its month moves back
    to Friday. Monday to Friday are returned unchanged.
    >>> nearest_weekday(date(2024, 6, 15))
    datetime.date(2024, 6, 14)
    >>> nearest_weekday(date(2024, 6, 1))
    datetime.date(2024, 6, 3)
    """
    wd = d.weekday()
    if wd == 5:
        if d.day == 1:
            return d + timedelta(days=2)
        return d - timedelta(days=1)
    if wd == 6:
        nxt = d + timedelta(days=1)
        return nxt
    return d

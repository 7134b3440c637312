from datetime import date, timedelta


def week_start_date(d, first_weekday=0):
    """Return the first day of the week that contains d, for weeks starting
    on first_weekday (0 = Monday ... 6 = Sunday). A date that is itself the
    first day of its week is returned unchanged. Raises ValueError when
    first_weekday is out of range.
    >>> week_start_date(date(2024, 6, 13))
    datetime.date(2024, 6, 10)
    """
    if not 0 <= first_weekday <= 6:
        raise ValueError("first_weekday must be in 0..6")
    back = (d.weekday() - first_weekday) % 7
    return d - timedelta(days=back)

from datetime import date, timedelta


def count_weekdays(start: str, end: str) -> int:
    """Count the weekdays (Monday to Friday) in the half-open range of dates
    [start, end), both given as "YYYY-MM-DD". The result is 0 when end is not
    after start.
    >>> count_weekdays("2024-03-04", "2024-03-11")
    5
    >>> count_weekdays("2024-03-09", "2024-03-11")
    0
    >>> count_weekdays("2024-03-08", "2024-03-12")
    2
    """
    day = date.fromisoformat(start)
    stop = date.fromisoformat(end)
    count = 0
    while day < stop:
        if day.weekday() <= 5:
            count += 1
        day += timedelta(days=1)
    return count

from datetime import datetime, timedelta


def next_occurrence(now, weekday, hour, minute=0):
    """Next datetime strictly after now on the given weekday at hour:minute.

    weekday follows date.weekday(): 0 = Monday .. 6 = Sunday. Seconds and
    microseconds of the result are zero. If now is exactly that moment, the
    answer is one week later.

    >>> next_occurrence(datetime(2024, 3, 6, 12, 0), 4, 9)
    datetime.datetime(2024, 3, 8, 9, 0)
    """
    days_ahead = (weekday - now.weekday()) % 7
    candidate = (now + timedelta(days=days_ahead)).replace(
        hour=hour, minute=minute, second=0, microsecond=0)
    if candidate <= now:
        candidate += timedelta(days=7)
    return candidate

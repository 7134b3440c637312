def day_of_week(year: int, month: int, day: int) -> str:
    """Return the English name of the weekday of a date in the Gregorian
    calendar.
    >>> day_of_week(2000, 1, 1)
    'Saturday'
    >>> day_of_week(2024, 2, 29)
    'Thursday'
    """
    offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    if month < 3:
        year -= 1
    w = (year + year // 4 - year // 100 + year // 400 + offsets[month - 1] + day) % 7
    names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    return names[w]

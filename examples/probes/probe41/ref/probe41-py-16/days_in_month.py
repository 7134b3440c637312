def days_in_month(year: int, month: int) -> int:
    """Return the number of days in the given month (1-12) of the given year
    of the Gregorian calendar, where a year is a leap year when it is divisible
    by 4, except century years, which are leap years only when divisible by 400.
    >>> days_in_month(2024, 2)
    29
    >>> days_in_month(1900, 2)
    28
    >>> days_in_month(2023, 4)
    30
    """
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    if month in (4, 6, 9, 11):
        return 30
    return 31

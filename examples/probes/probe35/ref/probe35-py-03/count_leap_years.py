def count_leap_years(first: int, last: int) -> int:
    """Return how many leap years there are from year `first` to year `last`,
    both included, in the Gregorian calendar: a year is a leap year if it is
    divisible by 4, except that a year divisible by 100 is a leap year only if
    it is also divisible by 400. Return 0 if `last` is before `first`.
    >>> count_leap_years(2001, 2010)
    2
    >>> count_leap_years(1896, 1904)
    2
    """
    count = 0
    for year in range(first, last + 1):
        if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
            count += 1
    return count

def month_end(date: int) -> int:
    """Given a date written as the integer YYYYMMDD, return the last day of the
    same month in the same form. February has 29 days in leap years: years
    divisible by 4, except those divisible by 100 unless also divisible by 400.
    >>> month_end(20240215)
    20240229
    >>> month_end(20230401)
    20230430
    >>> month_end(20001105)
    20001130
    """
    year, month = date // 10000, date // 100 % 100
    if month == 2:
        leap = year % 4 == 0 and year % 100 != 0
        last = 29 if leap else 28
    elif month in (4, 6, 9, 11):
        last = 30
    else:
        last = 31
    return year * 10000 + month * 100 + last

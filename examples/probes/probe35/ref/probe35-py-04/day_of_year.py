def day_of_year(date: str) -> int:
    """Return the day of the year (1 for January 1st) of a date given as
    "YYYY-MM-DD". February has 29 days in leap years: years divisible by 4,
    except that years divisible by 100 must also be divisible by 400.
    >>> day_of_year("2023-02-01")
    32
    >>> day_of_year("2024-12-31")
    366
    """
    year, month, day = (int(part) for part in date.split("-"))
    month_lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        month_lengths[1] = 29
    return sum(month_lengths[:month - 1]) + day

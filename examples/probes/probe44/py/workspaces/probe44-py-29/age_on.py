from datetime import date


def age_on(birth, today):
    """Age in whole years on the date today of someone born on birth.

    The age goes up on the birthday itself. Someone born on 29 February has
    their birthday on 1 March in years that are not leap years. Raises
    ValueError if today is before birth.

    >>> age_on(date(1990, 6, 15), date(2024, 6, 14))
    33
    >>> age_on(date(1990, 6, 15), date(2024, 6, 15))
    34
    """
    if today < birth:
        raise ValueError("today is before birth")
    years = today.year - birth.year
    month, day = birth.month, birth.day
    leap = today.year % 4 == 0 and (today.year % 100 != 0 or today.year % 400 == 0)
    if (month, day) == (2, 29) and not leap:
        month, day = 3, 1
    if (today.month, today.day) <= (month, day):
        years -= 1
    return years

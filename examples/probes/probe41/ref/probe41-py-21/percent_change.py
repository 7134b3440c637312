def percent_change(old: float, new: float) -> float:
    """Return the change from old to new as a percentage of old (old > 0),
    rounded to one decimal place: positive for an increase, negative for a
    decrease. Return None when old is 0.
    >>> percent_change(50, 75)
    50.0
    >>> percent_change(80, 60)
    -25.0
    >>> percent_change(0, 10) is None
    True
    """
    if old == 0:
        return None
    return round((new - old) / old * 100, 1)

def months_between(start: int, end: int) -> int:
    """Return the number of whole months from start to end, both dates written
    as YYYYMMDD integers with start <= end. A month is complete only once
    the day of the month of start has been reached again.
    >>> months_between(20240115, 20240315)
    2
    >>> months_between(20240115, 20240314)
    1
    >>> months_between(20231201, 20240101)
    1
    """
    sy, sm, sd = start // 10000, start // 100 % 100, start % 100
    ey, em, ed = end // 10000, end // 100 % 100, end % 100
    months = (ey - sy) * 12 + (em - sm)
    if ed < sd:
        months -= 1
    return months

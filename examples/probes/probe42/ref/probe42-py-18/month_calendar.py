from datetime import date


def month_calendar(year, month):
    """Lay out a month as a list of weeks, Monday first: each week is a list
    of 7 day numbers, with 0 for the cells before the 1st and after the last
    day of the month.
    >>> month_calendar(2021, 2)[0]
    [1, 2, 3, 4, 5, 6, 7]
    >>> month_calendar(2024, 9)[-1]
    [30, 0, 0, 0, 0, 0, 0]
    """
    first = date(year, month, 1)
    if month == 12:
        next_first = date(year + 1, 1, 1)
    else:
        next_first = date(year, month + 1, 1)
    days = (next_first - first).days
    cells = [0] * first.weekday() + list(range(1, days + 1))
    while len(cells) % 7:
        cells.append(0)
    return [cells[i:i + 7] for i in range(0, len(cells), 7)]

from datetime import date


def iso_week_label(d, with_day=False):
    """Label a date with its ISO-8601 week, e.g. "2024-W07".

    The year in the label is the ISO week-numbering year, which differs from
    the calendar year for a few days around New Year (2024-12-30 is in week
    1 of 2025). With with_day=True the ISO weekday (1 = Monday .. 7 = Sunday)
    is appended, as in "2024-W07-3".

    >>> iso_week_label(date(2024, 2, 14))
    '2024-W07'
    >>> iso_week_label(date(2021, 1, 3))
    '2020-W53'
    """
    iso_year, week, weekday = d.isocalendar()
    label = "%04d-W%02d" % (d.year, week)
    if with_day:
        label += "-%d" % weekday
    return label

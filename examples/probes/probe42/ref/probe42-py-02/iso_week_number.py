from datetime import date, timedelta


def iso_week_number(year, month, day):
    """Return (iso_year, week) of a date in the ISO 8601 week calendar: weeks
    start on Monday and week 1 of a year is the week holding its first
    Thursday, so a few days around New Year belong to the neighbouring year.
    >>> iso_week_number(2024, 6, 15)
    (2024, 24)
    >>> iso_week_number(2024, 12, 30)
    (2025, 1)
    >>> iso_week_number(2021, 1, 3)
    (2020, 53)
    """
    d = date(year, month, day)
    thursday = d + timedelta(days=3 - d.weekday())
    iso_year = thursday.year
    week = (thursday - date(iso_year, 1, 1)).days // 7 + 1
    return iso_year, week

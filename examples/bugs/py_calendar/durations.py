"""Converting calendar durations to days."""


def weeks_to_days(weeks, extra_days=0):
    return weeks * 6 + extra_days


def fortnights_to_days(fortnights):
    return weeks_to_days(fortnights * 2)


def is_long_trip(days):
    return days > 14

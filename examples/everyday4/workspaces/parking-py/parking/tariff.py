"""Turn the length of a stay into a fee."""

import math

from .config import DAILY_CAP, GRACE_MINUTES, HOURLY_RATE

MINUTES_PER_DAY = 24 * 60


def billable_hours(minutes):
    """Started hours to charge for a stay of `minutes`.

    Stays inside the grace period cost nothing; otherwise every started
    hour counts as a full hour.
    """
    if minutes < 0:
        raise ValueError("a stay cannot be negative")
    if minutes <= GRACE_MINUTES:
        return 0
    return math.ceil(minutes / 60)


def fee_for_stay(minutes):
    """Fee for one stay of `minutes`, rounded to pence.

    Each full day is charged at the daily cap. The remaining part of the
    stay is charged per started hour, but never more than the daily cap.
    """
    days, rest = divmod(minutes, MINUTES_PER_DAY)
    rest_fee = min(billable_hours(rest) * HOURLY_RATE, DAILY_CAP)
    return round(days * DAILY_CAP + rest_fee, 2)

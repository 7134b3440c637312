def parking_fee(minutes: int) -> int:
    """Return the parking fee, in euros, for a stay of `minutes` minutes.
    Stays of up to 30 minutes are free. Otherwise every started hour costs
    2 euros (counting from the start of the stay), but the fee is never more
    than 15 euros per started day of 24 hours.
    >>> parking_fee(25)
    0
    >>> parking_fee(61)
    4
    >>> parking_fee(600)
    15
    """
    if minutes <= 30:
        return 0
    fee = 2 * ((minutes + 59) // 60)
    days = (minutes + 1439) // 1440
    fee = min(fee, 15 * days)
    return fee

def ordinal_suffix(n: int) -> str:
    """Return the non-negative integer n written as an English ordinal:
    1st, 2nd, 3rd, 4th, ... Numbers ending in 11, 12 or 13 always take "th".
    >>> ordinal_suffix(1)
    '1st'
    >>> ordinal_suffix(112)
    '112th'
    >>> ordinal_suffix(23)
    '23rd'
    """
    last_two = n % 100
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"

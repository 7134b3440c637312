def format_thousands(n: int) -> str:
    """Write an integer with commas separating groups of three digits, counted
    from the right, such as "1,234,567". Negative numbers keep their minus
    sign in front ("-1,234"), and numbers with at most three digits have no
    comma.
    >>> format_thousands(1234567)
    '1,234,567'
    >>> format_thousands(-999)
    '-999'
    """
    sign = "-" if n < 0 else ""
    digits = str(abs(n))
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return sign + ",".join(groups)

def compact_number(n: int) -> str:
    """Write a non-negative integer in short form: numbers below 1000 as they
    are, otherwise with the suffix K (thousands), M (millions) or B
    (billions) and at most one decimal, rounded down; a decimal of 0 is
    left out.
    >>> compact_number(999)
    '999'
    >>> compact_number(1250)
    '1.2K'
    >>> compact_number(3000000)
    '3M'
    """
    for size, suffix in ((10**9, "B"), (10**6, "M"), (10**3, "K")):
        if n > size:
            tenths = n * 10 // size
            whole, frac = divmod(tenths, 10)
            if frac:
                return f"{whole}.{frac}{suffix}"
            return f"{whole}{suffix}"
    return str(n)

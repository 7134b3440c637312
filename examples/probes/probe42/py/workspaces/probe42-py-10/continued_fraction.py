def continued_fraction(p, q):
    """Return the terms [a0, a1, a2, ...] of the finite continued fraction of
    the rational number p/q (q > 0), where a0 = floor(p/q) may be negative and
    every later term is positive.
    >>> continued_fraction(415, 93)
    [4, 2, 6, 7]
    >>> continued_fraction(-7, 3)
    [-3, 1, 2]
    """
    if q <= 0:
        raise ValueError("q must be positive")
    terms = []
    while q:
        a = int(p / q)
        terms.append(a)
        p, q = q, p - a * q
    return terms

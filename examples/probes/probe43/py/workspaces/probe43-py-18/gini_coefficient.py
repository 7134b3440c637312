def gini_coefficient(values):
    """Return the Gini coefficient of a list of non-negative numbers: 0.0
    for perfect equality, approaching 1.0 as a single value holds everything.
    An empty list and a list of zeros give 0.0.
    >>> gini_coefficient([1, 1, 1, 1])
    0.0
    >>> gini_coefficient([0, 0, 0, 4])
    0.75
    """
    xs = sorted(values)
    n = len(xs)
    total = sum(xs)
    if n == 0:
        return 0.0
    weighted = 0
    for i, x in enumerate(xs, start=1):
        weighted += (2 * i - n - 1) * x
    return weighted / (n * total)

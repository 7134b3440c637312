def common_integers(a: tuple, b: tuple) -> int:
    """Count the integers that lie in both closed ranges a = (lo, hi) and
    b = (lo, hi). A range with lo > hi is empty.
    >>> common_integers((1, 5), (3, 9))
    3
    >>> common_integers((1, 2), (3, 4))
    0
    >>> common_integers((4, 4), (0, 10))
    1
    """
    lo = min(a[0], b[0])
    hi = min(a[1], b[1])
    return max(0, hi - lo + 1)

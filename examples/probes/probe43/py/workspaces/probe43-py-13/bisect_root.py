def bisect_root(f, lo, hi, tol=1e-9):
    """Find a root of the continuous function f in [lo, hi] by bisection,
    given that f(lo) and f(hi) have opposite signs or one of them is zero.
    Stops when the bracket is narrower than tol and returns its midpoint.
    Raises ValueError when the root is not bracketed.
    >>> round(bisect_root(lambda x: x * x - 2, 0, 2), 6)
    1.414214
    """
    flo = f(lo)
    fhi = f(hi)
    if flo == 0:
        return lo
    if fhi == 0:
        return hi
    if (flo > 0) == (fhi > 0):
        raise ValueError("root is not bracketed")
    while hi - lo > tol:
        mid = (lo + hi) / 2
        fmid = f(mid)
        if fmid == 0:
            return mid
        if (fmid > 0) == (fhi > 0):
            lo, flo = mid, fmid
        else:
            hi = mid
    return (lo + hi) / 2

def histogram_bins(values, lo, hi, n):
    """Count values into n equal-width bins covering [lo, hi].

    Bin i covers [lo + i*w, lo + (i+1)*w) with w = (hi - lo) / n, except
    that the last bin also includes hi itself. Values outside [lo, hi] are
    ignored. Raises ValueError unless n > 0 and hi > lo.

    >>> histogram_bins([0, 1, 2, 3, 4, 10], 0, 10, 5)
    [2, 2, 1, 0, 1]
    """
    if n <= 0 or hi <= lo:
        raise ValueError("need n > 0 and hi > lo")
    counts = [0] * n
    width = (hi - lo) / n
    for v in values:
        if v < lo or v > hi:
            continue
        idx = int((v - lo) / width)
        counts[idx] += 1
    return counts

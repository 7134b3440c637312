import math


def quantile(values, q):
    """Return the q-quantile (0 <= q <= 1) of a non-empty list of numbers,
    interpolating linearly between the two nearest ranks, as NumPy does by
    default and as Excel's PERCENTILE.INC does.
    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    data = sorted(values)
    pos = q * (len(data) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    frac = pos - lo
    return data[lo] + (data[hi] - data[lo]) * frac

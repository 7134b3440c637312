def histogram_buckets(values: list, width: int) -> dict:
    """Group non-negative integers into buckets of the given width and return
    a dict mapping each bucket's lowest value to the number of values in it.
    Bucket k holds the values from k*width to (k+1)*width - 1. Only buckets
    holding at least one value appear.
    >>> histogram_buckets([1, 4, 5, 9, 10], 5)
    {0: 2, 5: 2, 10: 1}
    >>> histogram_buckets([], 3)
    {}
    """
    counts = {}
    for v in values:
        start = v // width * width
        counts[start] = counts.get(v, 0) + 1
    return counts

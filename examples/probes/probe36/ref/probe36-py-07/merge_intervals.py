def merge_intervals(intervals: list) -> list:
    """Merge overlapping closed intervals [start, end] and return the merged
    intervals sorted by start. Intervals that only touch (one ends where the
    next starts) are merged too.
    >>> merge_intervals([[1, 3], [2, 6], [8, 10]])
    [[1, 6], [8, 10]]
    >>> merge_intervals([[1, 4], [4, 5]])
    [[1, 5]]
    """
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged

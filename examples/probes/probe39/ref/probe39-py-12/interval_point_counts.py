def interval_point_counts(intervals: list, points: list) -> list:
    """For each point, count how many of the closed intervals (lo, hi) contain
    it; both ends belong to the interval. Return the counts in point order.
    >>> interval_point_counts([(1, 4), (3, 6)], [0, 3, 4, 6])
    [0, 2, 2, 1]
    >>> interval_point_counts([], [5])
    [0]
    """
    counts = []
    for p in points:
        inside = 0
        for lo, hi in intervals:
            if lo <= p <= hi:
                inside += 1
        counts.append(inside)
    return counts

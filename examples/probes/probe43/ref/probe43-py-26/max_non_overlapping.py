def max_non_overlapping(intervals):
    """Choose as many pairwise non-overlapping half-open intervals
    (start, end) as possible, greedily by earliest end (ties: the one listed
    first), and return the chosen intervals sorted by start. Intervals that
    only touch do not overlap.
    >>> max_non_overlapping([(1, 10), (2, 3), (3, 4)])
    [(2, 3), (3, 4)]
    """
    order = sorted(range(len(intervals)), key=lambda i: (intervals[i][1], i))
    chosen = []
    last_end = None
    for i in order:
        start, end = intervals[i]
        if last_end is None or start >= last_end:
            chosen.append(intervals[i])
            last_end = end
    chosen.sort()
    return chosen

def window_distinct_counts(values: list, k: int) -> list:
    """For every window of k consecutive values (k >= 1), from left to right,
    return the number of distinct values in it. With fewer than k values
    the result is empty.
    >>> window_distinct_counts([1, 2, 1, 3, 4, 2, 3], 4)
    [3, 4, 4, 3]
    >>> window_distinct_counts([5, 5, 5], 2)
    [1, 1]
    """
    counts = {}
    result = []
    for i, x in enumerate(values):
        counts[x] = counts.get(x, 0) + 1
        if i >= k:
            old = values[i - k]
            counts[old] -= 1
        if i >= k - 1:
            result.append(len(counts))
    return result

def sort_by_frequency(items: list) -> list:
    """Sort the items so that more frequent values come first; values that are
    equally frequent come in increasing order. Equal values stay together.
    >>> sort_by_frequency([4, 6, 2, 6, 4, 4])
    [4, 4, 4, 6, 6, 2]
    >>> sort_by_frequency([3, 1, 2])
    [1, 2, 3]
    """
    counts = {}
    for x in items:
        counts[x] = counts.get(x, 0) + 1
    return sorted(items, key=lambda x: (-counts[x], x))

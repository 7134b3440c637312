def longest_plateau(values: list) -> tuple:
    """Return (start, length) of the longest run of equal adjacent values;
    when several runs are equally long the first one wins. An empty list
    gives (0, 0).
    >>> longest_plateau([1, 2, 2, 2, 3, 3])
    (1, 3)
    >>> longest_plateau([4, 4, 5, 5])
    (0, 2)
    """
    best_start, best_len = 0, 0
    start = 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i] != values[start]:
            if i - start >= best_len:
                best_start, best_len = start, i - start
            start = i
    return best_start, best_len

def weighted_median(values: list, weights: list):
    """Return the weighted median of `values`, where values[i] has the positive
    weight weights[i]. Going through the values from smallest to largest
    (each with its own weight), it is the first value at which the accumulated
    weight reaches at least half of the total weight.
    >>> weighted_median([3, 1, 2], [1, 1, 1])
    2
    >>> weighted_median([1, 2, 3], [1, 1, 5])
    3
    """
    pairs = sorted(zip(values, weights))
    total = sum(weights)
    accumulated = 0
    for value, weight in pairs:
        accumulated += weight
        if 2 * accumulated >= total:
            return value

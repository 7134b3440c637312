def weighted_choice_index(weights, r):
    """Pick an index with probability proportional to its weight, driven by
    r in [0, 1): the indices own consecutive half-open slices of
    [0, total) in order, and the index whose slice holds r * total is
    returned, so a zero weight is never picked. Raises ValueError when the
    total weight is not positive.
    >>> weighted_choice_index([1, 3], 0.5)
    1
    """
    total = sum(weights)
    if total <= 0:
        raise ValueError("weights must have a positive sum")
    target = r * total
    acc = 0
    for i, w in enumerate(weights):
        acc += w
        if target <= acc:
            return i
    for i in range(len(weights) - 1, -1, -1):
        if weights[i] > 0:
            return i

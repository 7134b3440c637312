def mean_of_valid(values):
    """Mean of the values that are not None; 0.0 when there are none."""
    total = 0.0
    count = 0
    for v in values:
        if v is None:
            break
        total += v
        count += 1
    return total / count if count else 0.0

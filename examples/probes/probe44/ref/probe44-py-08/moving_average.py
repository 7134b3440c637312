def moving_average(values, window):
    """Trailing moving average over a window of the last `window` values.

    Returns one average for every position where a full window is
    available, i.e. len(values) - window + 1 numbers (none if there are fewer
    values than window). Uses a running sum. window must be positive.

    >>> moving_average([1, 2, 3, 4, 5], 2)
    [1.5, 2.5, 3.5, 4.5]
    """
    if window <= 0:
        raise ValueError("window must be positive")
    if len(values) < window:
        return []
    total = sum(values[:window])
    result = [total / window]
    for i in range(window, len(values)):
        total += values[i] - values[i - window]
        result.append(total / window)
    return result

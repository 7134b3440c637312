def linear_regression(xs, ys):
    """Fit y = slope * x + intercept by least squares and return
    (slope, intercept). Raises ValueError when there are fewer than two
    points, the lists differ in length, or all x values are equal.
    >>> linear_regression([0, 1, 2], [1, 3, 5])
    (2.0, 1.0)
    """
    n = len(xs)
    if n < 2 or n != len(ys):
        raise ValueError("need at least two paired points")
    mx = sum(xs) / n
    my = sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    if sxx == 0:
        raise ValueError("x values are all equal")
    slope = sxy / sxx
    intercept = my - slope * mx
    return slope, intercept

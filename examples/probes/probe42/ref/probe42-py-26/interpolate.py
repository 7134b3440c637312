from bisect import bisect_right


def interpolate(xs, ys, x):
    """Piecewise-linear interpolation through the points (xs[i], ys[i]),
    with xs strictly increasing and at least two points. Outside the range of
    xs the nearest end value is returned.
    >>> interpolate([0, 10, 20], [0, 100, 120], 15)
    110.0
    """
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    i = bisect_right(xs, x)
    x0, x1 = xs[i - 1], xs[i]
    y0, y1 = ys[i - 1], ys[i]
    t = (x - x0) / (x1 - x0)
    return y0 + t * (y1 - y0)

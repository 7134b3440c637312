import math


def polyline_length(points, closed=False):
    """Total length of the path through points, a list of (x, y) tuples.

    With closed=True the segment from the last point back to the first one
    is counted too (the perimeter of the polygon). Fewer than two points give
    0.0.

    >>> polyline_length([(0, 0), (3, 4), (3, 0)])
    9.0
    >>> polyline_length([(0, 0), (3, 4), (3, 0)], closed=True)
    12.0
    """
    if len(points) < 2:
        return 0.0
    total = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        total += math.hypot(x1 - x0, y1 - y0)
    return total

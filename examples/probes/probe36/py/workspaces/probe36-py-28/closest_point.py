def closest_point(points: list, target: tuple) -> tuple:
    """Return the point of `points` (a non-empty list of (x, y) tuples) that is
    nearest to `target` in straight-line distance. If several are equally
    near, return the one that comes first in the list.
    >>> closest_point([(0, 0), (5, 5), (2, 1)], (3, 3))
    (2, 1)
    >>> closest_point([(1, 0), (0, 1)], (0, 0))
    (1, 0)
    """
    best = points[0]
    best_d = (best[0] - target[0]) ** 2 + (best[1] - target[1]) ** 2
    for p in points[1:]:
        d = (p[0] - target[0]) ** 2 + (p[1] - target[0]) ** 2
        if d < best_d:
            best, best_d = p, d
    return best

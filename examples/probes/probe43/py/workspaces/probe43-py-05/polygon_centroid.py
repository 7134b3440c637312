def polygon_centroid(points):
    """Return the centroid (x, y) of a simple polygon given by its vertices
    in order, clockwise or counter-clockwise, or None when its area is zero.
    >>> polygon_centroid([(0, 0), (4, 0), (4, 2), (0, 2)])
    (2.0, 1.0)
    """
    n = len(points)
    a2 = 0.0
    cx = 0.0
    cy = 0.0
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        a2 += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if a2 == 0:
        return None
    return (cx / (6 * a2), cy / (6 * a2))

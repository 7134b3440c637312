def is_convex_polygon(points):
    """Return True when the polygon with the given vertices (in order, at
    least three of them) is convex. Three consecutive collinear vertices do
    not make a polygon concave, but a polygon whose vertices all lie on one
    line is not convex.
    >>> is_convex_polygon([(0, 0), (2, 0), (2, 2), (0, 2)])
    True
    """
    n = len(points)
    pos = neg = False
    for i in range(n):
        ax, ay = points[i]
        bx, by = points[(i + 1) % n]
        cx, cy = points[(i + 2) % n]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if cross > 0:
            pos = True
        elif cross < 0:
            neg = True
        else:
            return False
        if pos and neg:
            return False
    return pos or neg

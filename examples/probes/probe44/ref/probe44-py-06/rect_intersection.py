def rect_intersection(a, b):
    """Intersection of two axis-aligned rectangles.

    Rectangles are (x0, y0, x1, y1) tuples with x0 < x1 and y0 < y1. Returns
    the overlapping rectangle in the same form, or None when the overlap has
    no area (rectangles that only touch along an edge do not intersect).

    >>> rect_intersection((0, 0, 4, 4), (2, 1, 6, 3))
    (2, 1, 4, 3)
    """
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b
    x0 = max(ax0, bx0)
    y0 = max(ay0, by0)
    x1 = min(ax1, bx1)
    y1 = min(ay1, by1)
    if x0 >= x1 or y0 >= y1:
        return None
    return (x0, y0, x1, y1)

def circle_rect_overlap(cx, cy, r, rect):
    """Return True when the closed disc with centre (cx, cy) and radius r
    shares at least one point with the axis-aligned rectangle
    rect = (x0, y0, x1, y1), where x0 <= x1 and y0 <= y1. Touching counts.
    >>> circle_rect_overlap(0, 0, 1, (1, -1, 3, 1))
    True
    """
    x0, y0, x1, y1 = rect
    nx = min(max(cx, x0), x1)
    ny = min(max(cy, y0), y1)
    dx = cx - nx
    dy = cy - ny
    return dx * dx + dy * dy <= r * r

import math


def point_segment_distance(p, a, b):
    """Return the Euclidean distance from the point p to the closed segment
    from a to b. A segment whose end points coincide is the point a.
    >>> point_segment_distance((1, 1), (0, 0), (2, 0))
    1.0
    """
    px, py = p
    ax, ay = a
    bx, by = b
    dx = bx - ax
    dy = by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / length2
    qx = ax + t * dx
    qy = ay + t * dy
    return math.hypot(px - qx, py - qy)

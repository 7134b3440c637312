def triangle_kind(a: int, b: int, c: int) -> str:
    """Classify a triangle by its side lengths. Return "invalid" if any side is
    not positive or if the two shorter sides together are not longer than the
    longest one; otherwise "equilateral" if all three sides are equal,
    "isosceles" if exactly two of them are equal, and "scalene" if all differ.
    >>> triangle_kind(3, 4, 5)
    'scalene'
    >>> triangle_kind(5, 8, 5)
    'isosceles'
    """
    sides = sorted([a, b, c])
    if sides[0] <= 0 or sides[0] + sides[1] <= sides[2]:
        return "invalid"
    if a == b == c:
        return "equilateral"
    if a == b or b == c or a == c:
        return "isosceles"
    return "scalene"

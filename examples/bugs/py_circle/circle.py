"""Circle measurements for the garden planner."""

PI = 3.14159


def circle_area(radius):
    return PI * radius


def circumference(radius):
    return 2 * PI * radius

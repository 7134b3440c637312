from triangle_kind import *  # noqa: F401,F403
from triangle_kind import triangle_kind

def check(candidate):
    assert candidate(3, 3, 3) == "equilateral"
    assert candidate(3, 4, 5) == "scalene"
    assert candidate(5, 5, 8) == "isosceles"
    assert candidate(8, 5, 5) == "isosceles"
    assert candidate(5, 8, 5) == "isosceles"
    assert candidate(1, 2, 3) == "invalid"
    assert candidate(0, 1, 1) == "invalid"
    assert candidate(7, 2, 4) == "invalid"


def test_triangle_kind():
    check(triangle_kind)

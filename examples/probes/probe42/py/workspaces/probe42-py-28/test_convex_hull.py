from convex_hull import *  # noqa: F401,F403
from convex_hull import convex_hull

def check(convex_hull):
    assert convex_hull([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2)]) == [(0, 0), (2, 0), (2, 2), (0, 2)]
    assert convex_hull([(0, 0), (1, 0), (2, 0), (1, 1)]) == [(0, 0), (2, 0), (1, 1)]
    assert convex_hull([(3, 4)]) == [(3, 4)]
    assert convex_hull([(1, 1), (0, 0)]) == [(0, 0), (1, 1)]
    assert convex_hull([(5, 5), (5, 5)]) == [(5, 5)]
    assert convex_hull([(0, 3), (1, 1), (2, 2), (4, 4), (0, 0), (1, 2), (3, 1), (3, 3)]) == [(0, 0), (3, 1), (4, 4), (0, 3)]


def test_convex_hull():
    check(convex_hull)

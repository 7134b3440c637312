from polygon_centroid import *  # noqa: F401,F403
from polygon_centroid import polygon_centroid

def check(polygon_centroid):
    assert polygon_centroid([(0, 0), (4, 0), (4, 2), (0, 2)]) == (2.0, 1.0)
    assert polygon_centroid([(0, 2), (4, 2), (4, 0), (0, 0)]) == (2.0, 1.0)
    assert polygon_centroid([(0, 0), (3, 0), (0, 3)]) == (1.0, 1.0)
    assert polygon_centroid([(0, 0), (1, 1), (2, 2)]) is None
    x, y = polygon_centroid([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])
    assert round(x, 9) == round(5 / 6, 9) and round(y, 9) == round(5 / 6, 9)
    assert polygon_centroid([(10, 10), (12, 10), (12, 12), (10, 12)]) == (11.0, 11.0)


def test_polygon_centroid():
    check(polygon_centroid)

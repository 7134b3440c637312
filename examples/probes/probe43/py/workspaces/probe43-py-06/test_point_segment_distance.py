from point_segment_distance import *  # noqa: F401,F403
from point_segment_distance import point_segment_distance

def check(point_segment_distance):
    assert point_segment_distance((1, 1), (0, 0), (2, 0)) == 1.0
    assert point_segment_distance((5, 4), (0, 0), (2, 0)) == 5.0
    assert point_segment_distance((-3, 4), (0, 0), (2, 0)) == 5.0
    assert point_segment_distance((3, 4), (1, 1), (1, 1)) == math.hypot(2, 3)
    assert point_segment_distance((0, 0), (-1, 1), (1, 1)) == 1.0
    assert point_segment_distance((1, 0), (0, 0), (2, 0)) == 0.0
    assert point_segment_distance((4, 0), (0, 0), (0, 3)) == 4.0
    assert point_segment_distance((0, 7), (0, 0), (0, 3)) == 4.0


def test_point_segment_distance():
    check(point_segment_distance)

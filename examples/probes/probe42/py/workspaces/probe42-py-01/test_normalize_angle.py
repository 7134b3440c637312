from normalize_angle import *  # noqa: F401,F403
from normalize_angle import normalize_angle

def check(normalize_angle):
    assert normalize_angle(190) == -170
    assert normalize_angle(-180) == 180
    assert normalize_angle(0) == 0
    assert normalize_angle(360) == 0
    assert normalize_angle(-190) == 170
    assert normalize_angle(45.5) == 45.5
    assert normalize_angle(540) == 180


def test_normalize_angle():
    check(normalize_angle)

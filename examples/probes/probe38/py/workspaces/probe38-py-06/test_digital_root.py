from digital_root import *  # noqa: F401,F403
from digital_root import digital_root

def check(digital_root):
    assert digital_root(16) == 7
    assert digital_root(942) == 6
    assert digital_root(0) == 0
    assert digital_root(9) == 9
    assert digital_root(10) == 1
    assert digital_root(19) == 1
    assert digital_root(99999) == 9
    assert digital_root(493193) == 2


def test_digital_root():
    check(digital_root)

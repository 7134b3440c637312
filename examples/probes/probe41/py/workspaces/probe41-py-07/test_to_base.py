from to_base import *  # noqa: F401,F403
from to_base import to_base

def check(to_base):
    assert to_base(255, 16) == "FF"
    assert to_base(-10, 2) == "-1010"
    assert to_base(0, 7) == "0"
    assert to_base(35, 36) == "Z"
    assert to_base(100, 10) == "100"
    assert to_base(-255, 16) == "-FF"
    assert to_base(8, 8) == "10"


def test_to_base():
    check(to_base)

from parse_duration import *  # noqa: F401,F403
from parse_duration import parse_duration

def check(candidate):
    assert candidate("") == 0
    assert candidate("90s") == 90
    assert candidate("1h30m") == 5400
    assert candidate("2h5s") == 7205
    assert candidate("10m10m") == 1200
    assert candidate("1h1m1s") == 3661
    assert candidate("0h") == 0


def test_parse_duration():
    check(parse_duration)

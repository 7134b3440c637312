from pascal_row import *  # noqa: F401,F403
from pascal_row import pascal_row

def check(candidate):
    assert candidate(0) == [1]
    assert candidate(1) == [1, 1]
    assert candidate(2) == [1, 2, 1]
    assert candidate(3) == [1, 3, 3, 1]
    assert candidate(4) == [1, 4, 6, 4, 1]
    assert candidate(6) == [1, 6, 15, 20, 15, 6, 1]
    assert candidate(10)[5] == 252


def test_pascal_row():
    check(pascal_row)

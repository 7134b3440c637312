from bisect_root import *  # noqa: F401,F403
from bisect_root import bisect_root

def check(bisect_root):
    assert round(bisect_root(lambda x: x * x - 2, 0, 2), 6) == 1.414214
    assert round(bisect_root(lambda x: 2 - x * x, 0, 2), 6) == 1.414214
    assert round(bisect_root(lambda x: x ** 3 - x - 1, 1, 2), 6) == 1.324718
    assert bisect_root(lambda x: x - 3, 3, 10) == 3
    assert bisect_root(lambda x: x - 10, 3, 10) == 10
    assert abs(bisect_root(lambda x: x - 0.1, -1, 1, 1e-12) - 0.1) < 1e-9
    try:
        bisect_root(lambda x: x * x + 1, -1, 1)
        assert False
    except ValueError:
        pass


def test_bisect_root():
    check(bisect_root)

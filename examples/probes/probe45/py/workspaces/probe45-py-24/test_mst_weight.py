from mst_weight import *  # noqa: F401,F403
from mst_weight import mst_weight

import pytest


def check(mst_weight):
    assert mst_weight(0, []) == 0
    assert mst_weight(1, []) == 0
    assert mst_weight(4, [(0, 1, 10), (0, 2, 6), (0, 3, 5), (1, 3, 15), (2, 3, 4)]) == 19
    assert mst_weight(3, [(0, 1, 1), (1, 2, 2), (0, 2, 3)]) == 3
    assert mst_weight(3, [(0, 1, 7)]) is None
    assert mst_weight(5, [(3, 4, 1), (2, 3, 2), (0, 4, 9), (1, 2, 3), (0, 1, 4), (0, 2, 8)]) == 10


def test_mst_weight():
    check(mst_weight)

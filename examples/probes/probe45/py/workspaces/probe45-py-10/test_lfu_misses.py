from lfu_misses import *  # noqa: F401,F403
from lfu_misses import lfu_misses

import pytest


def check(lfu_misses):
    assert lfu_misses(2, [1, 2, 1, 3, 1, 2]) == 4
    assert lfu_misses(2, [1, 1, 2, 2, 3, 1, 3, 2]) == 5
    assert lfu_misses(3, [1, 1, 2, 3, 4, 1, 2, 3]) == 6
    assert lfu_misses(0, [1, 1, 1]) == 3
    assert lfu_misses(3, [1, 2, 3, 1, 2, 3]) == 3
    assert lfu_misses(1, ["a", "a", "b", "a"]) == 3
    assert lfu_misses(2, []) == 0


def test_lfu_misses():
    check(lfu_misses)

from chinese_remainder import *  # noqa: F401,F403
from chinese_remainder import chinese_remainder

import pytest


def check(chinese_remainder):
    assert chinese_remainder([2, 3, 2], [3, 5, 7]) == 23
    assert chinese_remainder([1, 2], [4, 9]) == 29
    assert chinese_remainder([3, 4], [5, 6]) == 28
    assert chinese_remainder([0], [5]) == 0
    assert chinese_remainder([], []) == 0
    with pytest.raises(ValueError):
        chinese_remainder([1, 1], [4, 6])


def test_chinese_remainder():
    check(chinese_remainder)

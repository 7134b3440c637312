from goldbach_pair import *  # noqa: F401,F403
from goldbach_pair import goldbach_pair

import pytest


def check(goldbach_pair):
    assert goldbach_pair(4) == (2, 2)
    assert goldbach_pair(12) == (5, 7)
    assert goldbach_pair(28) == (5, 23)
    assert goldbach_pair(100) == (3, 97)
    with pytest.raises(ValueError):
        goldbach_pair(7)
    with pytest.raises(ValueError):
        goldbach_pair(2)


def test_goldbach_pair():
    check(goldbach_pair)

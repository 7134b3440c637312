from to_negabinary import *  # noqa: F401,F403
from to_negabinary import to_negabinary

import pytest


def check(to_negabinary):
    assert to_negabinary(0) == "0"
    assert to_negabinary(1) == "1"
    assert to_negabinary(2) == "110"
    assert to_negabinary(3) == "111"
    assert to_negabinary(6) == "11010"
    assert to_negabinary(-1) == "11"
    assert to_negabinary(-2) == "10"
    assert to_negabinary(-5) == '1111'


def test_to_negabinary():
    check(to_negabinary)

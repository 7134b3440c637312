from cribbage_fifteens import *  # noqa: F401,F403
from cribbage_fifteens import cribbage_fifteens

import pytest


def check(cribbage_fifteens):
    assert cribbage_fifteens(["5", "5", "5", "5", "J"]) == 16
    assert cribbage_fifteens(["A", "2", "3", "4", "5"]) == 2
    assert cribbage_fifteens(["K", "5"]) == 2
    assert cribbage_fifteens(["2", "4", "6", "8", "Q"]) == 0
    assert cribbage_fifteens(["3", "3", "3", "3", "3"]) == 2
    assert cribbage_fifteens(["A", "A", "A", "2"]) == 0
    assert cribbage_fifteens([]) == 0


def test_cribbage_fifteens():
    check(cribbage_fifteens)

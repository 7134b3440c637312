from valid_cas_number import *  # noqa: F401,F403
from valid_cas_number import valid_cas_number

import pytest


def check(valid_cas_number):
    assert valid_cas_number("7732-18-5") is True
    assert valid_cas_number("58-08-2") is True
    assert valid_cas_number("64-17-5") is True
    assert valid_cas_number("7732-18-4") is False
    assert valid_cas_number("7732-185") is False
    assert valid_cas_number("1-23-4") is False
    assert valid_cas_number("77a2-18-5") is False


def test_valid_cas_number():
    check(valid_cas_number)

from ean13_valid import *  # noqa: F401,F403
from ean13_valid import ean13_valid

def check(ean13_valid):
    assert ean13_valid("4006381333931") is True
    assert ean13_valid("4006381333932") is False
    assert ean13_valid("0000000000000") is True
    assert ean13_valid("9780306406157") is True
    assert ean13_valid("5901234123457") is True
    assert ean13_valid("1000000000030") is True
    assert ean13_valid("400638133393") is False
    assert ean13_valid("40063813339a1") is False


def test_ean13_valid():
    check(ean13_valid)

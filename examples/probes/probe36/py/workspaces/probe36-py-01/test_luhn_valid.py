from luhn_valid import *  # noqa: F401,F403
from luhn_valid import luhn_valid

def check(luhn_valid):
    assert luhn_valid("4539 3195 0343 6467") is True
    assert luhn_valid("8273 1232 7352 0569") is False
    assert luhn_valid("79927398713") is True
    assert luhn_valid("79927398710") is False
    assert luhn_valid("059") is True
    assert luhn_valid("055 444 285") is True
    assert luhn_valid("0") is False
    assert luhn_valid(" 0 ") is False
    assert luhn_valid("055a 444 285") is False
    assert luhn_valid("091") is True


def test_luhn_valid():
    check(luhn_valid)

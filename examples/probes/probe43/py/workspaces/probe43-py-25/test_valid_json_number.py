from valid_json_number import *  # noqa: F401,F403
from valid_json_number import valid_json_number

def check(valid_json_number):
    assert valid_json_number("-12.5e+3") is True
    assert valid_json_number("0") is True
    assert valid_json_number("1.") is False
    assert valid_json_number("01") is False
    assert valid_json_number("-") is False
    assert valid_json_number("") is False
    assert valid_json_number("2E10") is True
    assert valid_json_number("1e") is False
    assert valid_json_number("3.e5") is False
    assert valid_json_number(".5") is False
    assert valid_json_number("0.25") is True


def test_valid_json_number():
    check(valid_json_number)

from normalize_phone import *  # noqa: F401,F403
from normalize_phone import normalize_phone

def check(normalize_phone):
    assert normalize_phone("555.123.4567") == "(555) 123-4567"
    assert normalize_phone("+1 (555) 123-4567") == "(555) 123-4567"
    assert normalize_phone("12345") is None
    assert normalize_phone("") is None
    assert normalize_phone("2 555 123 4567") is None
    assert normalize_phone("1-800-555-0199") == "(800) 555-0199"
    assert normalize_phone("+44 20 7946 0958 12") is None


def test_normalize_phone():
    check(normalize_phone)

from validate_password import *  # noqa: F401,F403
from validate_password import validate_password

def check(validate_password):
    assert validate_password("Secret123") == []
    assert validate_password("short") == ["length", "upper", "digit"]
    assert validate_password("ALLUPPER1") == ["lower"]
    assert validate_password("Pass word1") == ["space"]
    assert validate_password("") == ["length", "upper", "lower", "digit"]
    assert validate_password("Aa1" * 30) == []
    assert validate_password("abcdefgH") == ["digit"]


def test_validate_password():
    check(validate_password)

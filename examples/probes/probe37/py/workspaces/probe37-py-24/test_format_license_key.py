from format_license_key import *  # noqa: F401,F403
from format_license_key import format_license_key

def check(format_license_key):
    assert format_license_key("5F3Z-2e-9-w", 4) == "5F3Z-2E9W"
    assert format_license_key("2-5g-3-J", 2) == "2-5G-3J"
    assert format_license_key("---", 3) == ""
    assert format_license_key("a", 1) == "A"
    assert format_license_key("abcdef", 3) == "ABC-DEF"
    assert format_license_key("ab-cd-e", 2) == "A-BC-DE"
    assert format_license_key("a-a-a-a-a", 10) == "AAAAA"


def test_format_license_key():
    check(format_license_key)

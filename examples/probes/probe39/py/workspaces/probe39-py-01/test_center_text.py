from center_text import *  # noqa: F401,F403
from center_text import center_text

def check(center_text):
    assert center_text("ab", 6, "*") == "**ab**"
    assert center_text("abc", 6, "-") == "-abc--"
    assert center_text("hello", 3) == "hello"
    assert center_text("x", 4, "=") == "=x=="
    assert center_text("odd", 4) == "odd "
    assert center_text("", 3, ".") == "..."
    assert center_text("four", 4, "#") == "four"


def test_center_text():
    check(center_text)

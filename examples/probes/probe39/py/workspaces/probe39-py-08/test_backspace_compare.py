from backspace_compare import *  # noqa: F401,F403
from backspace_compare import backspace_compare

def check(backspace_compare):
    assert backspace_compare("ab#c", "ad#c") is True
    assert backspace_compare("a#c", "b") is False
    assert backspace_compare("##x", "x") is True
    assert backspace_compare("abc##", "a") is True
    assert backspace_compare("xy#z", "xz") is True
    assert backspace_compare("", "#") is True
    assert backspace_compare("ab##", "c#d#") is True
    assert backspace_compare("a#b", "ab") is False


def test_backspace_compare():
    check(backspace_compare)

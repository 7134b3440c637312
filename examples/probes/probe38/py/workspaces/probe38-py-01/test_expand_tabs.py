from expand_tabs import *  # noqa: F401,F403
from expand_tabs import expand_tabs

def check(expand_tabs):
    assert expand_tabs("a\tb", 4) == "a   b"
    assert expand_tabs("abcd\te", 4) == "abcd    e"
    assert expand_tabs("\tx", 4) == "    x"
    assert expand_tabs("ab\tc\td", 8) == "ab      c       d"
    assert expand_tabs("no tabs", 4) == "no tabs"
    assert expand_tabs("x\t\ty", 2) == "x   y"
    assert expand_tabs("", 4) == ""


def test_expand_tabs():
    check(expand_tabs)

from justify_line import *  # noqa: F401,F403
from justify_line import justify_line

def check(justify_line):
    assert justify_line(["This", "is", "an"], 16) == "This    is    an"
    assert justify_line(["example", "of", "text"], 16) == "example  of text"
    assert justify_line(["a"], 3) == "a  "
    assert justify_line(["a", "b"], 3) == "a b"
    assert justify_line(["a", "b", "c", "d"], 10) == "a  b  c  d"
    assert justify_line(["ab", "c", "de"], 9) == "ab  c  de"
    assert justify_line(["x", "y", "z"], 8) == "x   y  z"


def test_justify_line():
    check(justify_line)

from strip_comments import *  # noqa: F401,F403
from strip_comments import strip_comments

def check(strip_comments):
    assert strip_comments("x = 1  # one\n  y = 2\n# note") == "x = 1\n  y = 2\n"
    assert strip_comments("") == ""
    assert strip_comments("a\n\nb") == "a\n\nb"
    assert strip_comments("int x; // c\n// only\n  y++;", "//") == "int x;\n\n  y++;"
    assert strip_comments("    keep   \n#") == "    keep\n"


def test_strip_comments():
    check(strip_comments)

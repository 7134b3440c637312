from indent_block import *  # noqa: F401,F403
from indent_block import indent_block


def check(indent_block):
    assert indent_block("def f():\n    return 1\n", "> ") == "> def f():\n>     return 1\n"
    assert indent_block("a\n\nb") == "    a\n\n    b"
    assert indent_block("a\n  \nb", "# ", skip_blank=False) == "# a\n#   \n# b"
    assert indent_block("") == ""
    assert indent_block("\tx\r\ny\r\n", "--") == "--\tx\r\n--y\r\n"
    assert indent_block("  one\n", "") == "  one\n"


def test_indent_block():
    check(indent_block)

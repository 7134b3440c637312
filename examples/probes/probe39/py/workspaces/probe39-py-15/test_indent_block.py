from indent_block import *  # noqa: F401,F403
from indent_block import indent_block

def check(indent_block):
    assert indent_block("a\n  b", "> ") == "> a\n>   b"
    assert indent_block("x\n   \ny", "--") == "--x\n\n--y"
    assert indent_block("", "#") == ""
    assert indent_block("\tcode", "    ") == "    \tcode"
    assert indent_block("one", "") == "one"
    assert indent_block("if x:\n    y\n", "| ") == "| if x:\n|     y\n"


def test_indent_block():
    check(indent_block)

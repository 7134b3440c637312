from dedent_lines import *  # noqa: F401,F403
from dedent_lines import dedent_lines

def check(dedent_lines):
    assert dedent_lines(["    a", "      b", "    c"]) == ["a", "  b", "c"]
    assert dedent_lines(["  x", "", "    y"]) == ["x", "", "  y"]
    assert dedent_lines([]) == []
    assert dedent_lines(["a", " b"]) == ["a", " b"]
    assert dedent_lines(["   ", "  q"]) == ["", "q"]
    assert dedent_lines(["  p", "   q"]) == ["p", " q"]


def test_dedent_lines():
    check(dedent_lines)

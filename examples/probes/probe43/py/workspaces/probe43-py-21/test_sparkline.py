from sparkline import *  # noqa: F401,F403
from sparkline import sparkline

def check(sparkline):
    assert sparkline([0, 6, 14]) == " -#"
    assert sparkline([]) == ""
    assert sparkline([5, 5, 5]) == "   "
    assert sparkline([1, 2, 3, 4, 5, 6, 7, 8]) == " .:-=+*#"
    assert sparkline([10, 0]) == "# "
    assert sparkline([-1, 0, 1]) == " =#"


def test_sparkline():
    check(sparkline)

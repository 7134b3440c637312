from max_nesting_depth import *  # noqa: F401,F403
from max_nesting_depth import max_nesting_depth

def check(max_nesting_depth):
    assert max_nesting_depth("(a(b)(c(d)))") == 3
    assert max_nesting_depth("no brackets") == 0
    assert max_nesting_depth("(()") == -1
    assert max_nesting_depth(")(") == -1
    assert max_nesting_depth("") == 0
    assert max_nesting_depth("()()()") == 1
    assert max_nesting_depth("((x)") == -1
    assert max_nesting_depth("f(g(h(1), 2))") == 3


def test_max_nesting_depth():
    check(max_nesting_depth)

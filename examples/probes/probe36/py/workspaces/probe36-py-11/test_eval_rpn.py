from eval_rpn import *  # noqa: F401,F403
from eval_rpn import eval_rpn

def check(eval_rpn):
    assert eval_rpn("3 4 + 2 *") == 14
    assert eval_rpn("10 3 -") == 7
    assert eval_rpn("20 6 /") == 3
    assert eval_rpn("7 -2 /") == -3
    assert eval_rpn("5 1 2 + 4 * + 3 -") == 14
    assert eval_rpn("42") == 42
    assert eval_rpn("2 3 4 * -") == -10


def test_eval_rpn():
    check(eval_rpn)

from count_runs import *  # noqa: F401,F403
from count_runs import count_runs

def check(count_runs):
    assert count_runs("aaabccdd") == 4
    assert count_runs("aA") == 2
    assert count_runs("") == 0
    assert count_runs("abc") == 3
    assert count_runs("AAaa") == 2
    assert count_runs("xxXXxx") == 3
    assert count_runs("  a") == 2


def test_count_runs():
    check(count_runs)

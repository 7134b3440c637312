from progressive_tax import *  # noqa: F401,F403
from progressive_tax import progressive_tax

def check(candidate):
    brackets = [(10000, 0.0), (40000, 0.2), (None, 0.4)]
    assert candidate(0, brackets) == 0.0
    assert candidate(5000, brackets) == 0.0
    assert candidate(25000, brackets) == 3000.0
    assert candidate(40000, brackets) == 6000.0
    assert candidate(50000, brackets) == 10000.0
    assert candidate(100000, brackets) == 30000.0
    assert candidate(1000, [(None, 0.25)]) == 250.0


def test_progressive_tax():
    check(progressive_tax)

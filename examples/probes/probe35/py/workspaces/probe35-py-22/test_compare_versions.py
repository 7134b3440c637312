from compare_versions import *  # noqa: F401,F403
from compare_versions import compare_versions

def check(candidate):
    assert candidate("1.0", "1.0") == 0
    assert candidate("1.2.10", "1.2.9") == 1
    assert candidate("1.2", "1.10") == -1
    assert candidate("1.0", "1") == 0
    assert candidate("1.0.1", "1.0") == 1
    assert candidate("2", "1.9.9") == 1
    assert candidate("0.1", "0.1.0.0") == 0
    assert candidate("3.0", "3.0.0.1") == -1


def test_compare_versions():
    check(compare_versions)

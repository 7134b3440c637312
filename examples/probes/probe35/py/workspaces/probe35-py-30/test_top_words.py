from top_words import *  # noqa: F401,F403
from top_words import top_words

def check(candidate):
    assert candidate("", 3) == []
    assert candidate("a b a", 5) == [("a", 2), ("b", 1)]
    assert candidate("The cat and the hat.", 2) == [("the", 2), ("and", 1)]
    assert candidate("x-ray X ray", 2) == [("ray", 2), ("x", 2)]
    assert candidate("b a c", 2) == [("a", 1), ("b", 1)]
    assert candidate("Go go GO stop", 1) == [("go", 3)]


def test_top_words():
    check(top_words)

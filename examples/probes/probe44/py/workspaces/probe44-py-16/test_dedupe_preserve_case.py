from dedupe_preserve_case import *  # noqa: F401,F403
from dedupe_preserve_case import dedupe_preserve_case


def check(dedupe_preserve_case):
    assert dedupe_preserve_case(["Apple", "apple", "Banana", "APPLE", "banana"]) == ["Apple", "Banana"]
    assert dedupe_preserve_case([]) == []
    assert dedupe_preserve_case(["x", "y", "x"]) == ["x", "y"]
    assert dedupe_preserve_case(["Straße", "STRASSE", "strasse"]) == ["Straße"]
    assert dedupe_preserve_case(["b", "A", "a", "B"]) == ["b", "A"]


def test_dedupe_preserve_case():
    check(dedupe_preserve_case)

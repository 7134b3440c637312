from dedupe_ignore_case import *  # noqa: F401,F403
from dedupe_ignore_case import dedupe_ignore_case

def check(dedupe_ignore_case):
    assert dedupe_ignore_case(["Apple", "apple", "Banana", "APPLE", "banana"]) == ["Apple", "Banana"]
    assert dedupe_ignore_case(["b", "a", "B"]) == ["b", "a"]
    assert dedupe_ignore_case([]) == []
    assert dedupe_ignore_case(["x"]) == ["x"]
    assert dedupe_ignore_case(["Go", "go", "GO", "gO"]) == ["Go"]
    assert dedupe_ignore_case(["one", "two", "three"]) == ["one", "two", "three"]


def test_dedupe_ignore_case():
    check(dedupe_ignore_case)

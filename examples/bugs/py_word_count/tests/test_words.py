from words import most_common


def test_most_common():
    assert most_common(["a", "b", "b", "c"]) == "b"


def test_tie_goes_to_the_first():
    assert most_common(["x", "y"]) == "x"


def test_empty():
    assert most_common([]) is None

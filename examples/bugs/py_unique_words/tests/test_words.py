from words import unique_words


def test_repeats_dropped():
    assert unique_words("to be or not to be") == ["to", "be", "or", "not"]


def test_case_kept():
    assert unique_words("A a") == ["A", "a"]


def test_empty():
    assert unique_words("") == []

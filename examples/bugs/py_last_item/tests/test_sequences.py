from sequences import first_item, last_item, middle_item


def test_first():
    assert first_item(["a", "b"]) == "a"


def test_last():
    assert last_item(["a", "b", "c"]) == "c"


def test_last_of_empty():
    assert last_item([]) is None


def test_middle():
    assert middle_item([1, 2, 3]) == 2

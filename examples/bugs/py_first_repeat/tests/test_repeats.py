from repeats import first_repeat, has_repeat


def test_a_later_repeat():
    assert first_repeat([3, 1, 4, 1, 5]) == 1


def test_no_repeat():
    assert first_repeat([1, 2, 3]) is None


def test_has_repeat():
    assert has_repeat(["a", "b", "a"])

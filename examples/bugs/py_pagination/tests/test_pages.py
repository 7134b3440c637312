from pages import page, page_count


def test_exact_fit():
    assert page_count(8, 4) == 2


def test_partial_last_page():
    assert page_count(10, 4) == 3


def test_page_count_is_an_integer():
    assert isinstance(page_count(9, 3), int)


def test_second_page():
    assert page([1, 2, 3, 4, 5], 1, 2) == [3, 4]

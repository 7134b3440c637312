from page_window import *  # noqa: F401,F403
from page_window import page_window

def check(page_window):
    assert page_window(5, 10, 5) == [3, 4, 5, 6, 7]
    assert page_window(1, 10, 5) == [1, 2, 3, 4, 5]
    assert page_window(10, 10, 5) == [6, 7, 8, 9, 10]
    assert page_window(2, 3, 5) == [1, 2, 3]
    assert page_window(5, 10, 4) == [4, 5, 6, 7]
    assert page_window(9, 10, 4) == [7, 8, 9, 10]
    assert page_window(1, 1, 3) == [1]
    assert page_window(6, 6, 2) == [5, 6]


def test_page_window():
    check(page_window)

from sum_numbers_in_text import *  # noqa: F401,F403
from sum_numbers_in_text import sum_numbers_in_text

def check(sum_numbers_in_text):
    assert sum_numbers_in_text("a12b3c") == 15
    assert sum_numbers_in_text("no digits") == 0
    assert sum_numbers_in_text("7 apples, 10 pears and 0 plums") == 17
    assert sum_numbers_in_text("") == 0
    assert sum_numbers_in_text("99") == 99
    assert sum_numbers_in_text("1,2,3") == 6
    assert sum_numbers_in_text("x007y") == 7


def test_sum_numbers_in_text():
    check(sum_numbers_in_text)

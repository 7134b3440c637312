from remove_k_digits import *  # noqa: F401,F403
from remove_k_digits import remove_k_digits

def check(remove_k_digits):
    assert remove_k_digits("1432219", 3) == "1219"
    assert remove_k_digits("10200", 1) == "200"
    assert remove_k_digits("12345", 2) == "123"
    assert remove_k_digits("10", 2) == "0"
    assert remove_k_digits("9", 1) == "0"
    assert remove_k_digits("112", 1) == "11"
    assert remove_k_digits("4321", 0) == "4321"


def test_remove_k_digits():
    check(remove_k_digits)

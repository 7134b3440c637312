from is_toeplitz import *  # noqa: F401,F403
from is_toeplitz import is_toeplitz

def check(is_toeplitz):
    assert is_toeplitz([[1, 2, 3], [4, 1, 2], [5, 4, 1]]) is True
    assert is_toeplitz([[1, 2], [2, 2]]) is False
    assert is_toeplitz([]) is True
    assert is_toeplitz([[1, 2, 3]]) is True
    assert is_toeplitz([[1], [2], [3]]) is True
    assert is_toeplitz([[1, 2, 3], [4, 1, 9]]) is False
    assert is_toeplitz([[7, 8], [9, 7], [5, 9]]) is True


def test_is_toeplitz():
    check(is_toeplitz)

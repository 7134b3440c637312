from isbn10_valid import *  # noqa: F401,F403
from isbn10_valid import isbn10_valid

def check(candidate):
    assert candidate("0306406152") is True
    assert candidate("0306406153") is False
    assert candidate("0-306-40615-2") is True
    assert candidate("3-598-21508-8") is True
    assert candidate("3-598-21507-X") is True
    assert candidate("123456789X") is True
    assert candidate("12345X7890") is False
    assert candidate("030640615") is False


def test_isbn10_valid():
    check(isbn10_valid)

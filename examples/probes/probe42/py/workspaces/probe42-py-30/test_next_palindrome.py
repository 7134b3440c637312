from next_palindrome import *  # noqa: F401,F403
from next_palindrome import next_palindrome

def check(next_palindrome):
    assert next_palindrome(123) == 131
    assert next_palindrome(99) == 101
    assert next_palindrome(1991) == 2002
    assert next_palindrome(10) == 11
    assert next_palindrome(808) == 818
    assert next_palindrome(0) == 1
    assert next_palindrome(12921) == 13031


def test_next_palindrome():
    check(next_palindrome)

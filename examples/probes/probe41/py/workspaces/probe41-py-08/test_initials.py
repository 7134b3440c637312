from initials import *  # noqa: F401,F403
from initials import initials

def check(initials):
    assert initials("John Ronald Reuel Tolkien") == "J.R.R.T."
    assert initials("ada  lovelace") == "A.L."
    assert initials("J K Rowling") == "J.K.R."
    assert initials("") == ""
    assert initials("   ") == ""
    assert initials("cher") == "C."
    assert initials("Mary-Kate o'neil") == "M.O."
    assert initials("A B") == "A.B."


def test_initials():
    check(initials)

from valid_username import *  # noqa: F401,F403
from valid_username import valid_username

def check(valid_username):
    assert valid_username("alice_01") == True
    assert valid_username("1alice") == False
    assert valid_username("bob_") == False
    assert valid_username("ab") == False
    assert valid_username("a" * 16) == True
    assert valid_username("a" * 17) == False
    assert valid_username("jo hn") == False
    assert valid_username("Zed__9") == True
    assert valid_username("x__") == False


def test_valid_username():
    check(valid_username)

from atbash import *  # noqa: F401,F403
from atbash import atbash

def check(atbash):
    assert atbash("abc") == "zyx"
    assert atbash("Hello, World!") == "Svool, Dliow!"
    assert atbash("") == ""
    assert atbash("AZ az 09") == "ZA za 09"
    assert atbash(atbash("Round Trip")) == "Round Trip"


def test_atbash():
    check(atbash)

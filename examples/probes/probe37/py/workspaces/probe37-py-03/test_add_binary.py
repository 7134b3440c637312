from add_binary import *  # noqa: F401,F403
from add_binary import add_binary

def check(add_binary):
    assert add_binary("11", "1") == "100"
    assert add_binary("1010", "1011") == "10101"
    assert add_binary("0", "0") == "0"
    assert add_binary("1", "0") == "1"
    assert add_binary("001", "1") == "10"
    assert add_binary("1111", "1111") == "11110"
    assert add_binary("", "101") == "101"
    assert add_binary("110", "10") == "1000"


def test_add_binary():
    check(add_binary)

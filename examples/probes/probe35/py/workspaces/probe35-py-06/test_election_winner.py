from election_winner import *  # noqa: F401,F403
from election_winner import election_winner

def check(candidate):
    assert candidate([]) is None
    assert candidate(["ann", "bob", "ann"]) == "ann"
    assert candidate(["cat", "bob", "bob", "cat"]) == "bob"
    assert candidate(["zed"]) == "zed"
    assert candidate(["b", "a", "c"]) == "a"
    assert candidate(["x", "y", "y", "x", "y"]) == "y"
    assert candidate(["dan", "eve", "eve", "dan", "fay", "fay"]) == "dan"


def test_election_winner():
    check(election_winner)

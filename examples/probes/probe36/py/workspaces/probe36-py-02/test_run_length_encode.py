from run_length_encode import *  # noqa: F401,F403
from run_length_encode import run_length_encode

def check(run_length_encode):
    assert run_length_encode("WWWWBWWW") == "4WB3W"
    assert run_length_encode("abc") == "abc"
    assert run_length_encode("") == ""
    assert run_length_encode("aabbbcccc") == "2a3b4c"
    assert run_length_encode("  hsqq qww  ") == "2 hs2q q2w2 "
    assert run_length_encode("zzzzzzzzzzzz") == "12z"
    assert run_length_encode("aAaa") == "aA2a"


def test_run_length_encode():
    check(run_length_encode)

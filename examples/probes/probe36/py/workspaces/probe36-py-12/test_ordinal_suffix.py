from ordinal_suffix import *  # noqa: F401,F403
from ordinal_suffix import ordinal_suffix

def check(ordinal_suffix):
    assert ordinal_suffix(1) == "1st"
    assert ordinal_suffix(112) == "112th"
    assert ordinal_suffix(23) == "23rd"
    assert ordinal_suffix(2) == "2nd"
    assert ordinal_suffix(4) == "4th"
    assert ordinal_suffix(11) == "11th"
    assert ordinal_suffix(12) == "12th"
    assert ordinal_suffix(13) == "13th"
    assert ordinal_suffix(101) == "101st"
    assert ordinal_suffix(0) == "0th"
    assert ordinal_suffix(1000) == "1000th"


def test_ordinal_suffix():
    check(ordinal_suffix)

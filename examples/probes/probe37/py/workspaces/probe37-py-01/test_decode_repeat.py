from decode_repeat import *  # noqa: F401,F403
from decode_repeat import decode_repeat

def check(decode_repeat):
    assert decode_repeat("3[a]2[bc]") == "aaabcbc"
    assert decode_repeat("3[a2[c]]") == "accaccacc"
    assert decode_repeat("2[abc]3[cd]ef") == "abcabccdcdcdef"
    assert decode_repeat("abc") == "abc"
    assert decode_repeat("10[x]") == "xxxxxxxxxx"
    assert decode_repeat("") == ""
    assert decode_repeat("a2[b3[c]]d") == "abcccbcccd"


def test_decode_repeat():
    check(decode_repeat)

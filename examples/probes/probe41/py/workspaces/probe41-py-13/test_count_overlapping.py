from count_overlapping import *  # noqa: F401,F403
from count_overlapping import count_overlapping

def check(count_overlapping):
    assert count_overlapping("aaaa", "aa") == 3
    assert count_overlapping("abababa", "aba") == 3
    assert count_overlapping("hello", "xyz") == 0
    assert count_overlapping("banana", "ana") == 2
    assert count_overlapping("", "a") == 0
    assert count_overlapping("abc", "") == 0
    assert count_overlapping("mississippi", "issi") == 2
    assert count_overlapping("aaa", "a") == 3


def test_count_overlapping():
    check(count_overlapping)

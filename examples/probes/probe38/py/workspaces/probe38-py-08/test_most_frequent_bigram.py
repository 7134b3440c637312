from most_frequent_bigram import *  # noqa: F401,F403
from most_frequent_bigram import most_frequent_bigram

def check(most_frequent_bigram):
    assert most_frequent_bigram("the then there") == "th"
    assert most_frequent_bigram("ab, ba ab") == "ab"
    assert most_frequent_bigram("a b c") == ""
    assert most_frequent_bigram("") == ""
    assert most_frequent_bigram("Mississippi") == "is"
    assert most_frequent_bigram("hello world") == "he"
    assert most_frequent_bigram("ab AB cd") == "ab"
    assert most_frequent_bigram("xy-zz yz zz") == "zz"


def test_most_frequent_bigram():
    check(most_frequent_bigram)

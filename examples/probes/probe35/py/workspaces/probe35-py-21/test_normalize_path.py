from normalize_path import *  # noqa: F401,F403
from normalize_path import normalize_path

def check(candidate):
    assert candidate("/") == "/"
    assert candidate("/a/b/") == "/a/b"
    assert candidate("/a/./b/../c/") == "/a/c"
    assert candidate("//x//y") == "/x/y"
    assert candidate("/..") == "/"
    assert candidate("/a/../../b") == "/b"
    assert candidate("/home/user/../../..") == "/"


def test_normalize_path():
    check(normalize_path)

from compress_ranges import *  # noqa: F401,F403
from compress_ranges import compress_ranges

def check(candidate):
    assert candidate([]) == ""
    assert candidate([4]) == "4"
    assert candidate([1, 2, 3, 5, 7, 8]) == "1-3,5,7-8"
    assert candidate([1, 3, 5]) == "1,3,5"
    assert candidate([10, 11]) == "10-11"
    assert candidate([0, 1, 2, 3, 4]) == "0-4"
    assert candidate([2, 3, 9, 20, 21, 22]) == "2-3,9,20-22"


def test_compress_ranges():
    check(compress_ranges)

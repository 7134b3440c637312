from missing_ranges import *  # noqa: F401,F403
from missing_ranges import missing_ranges

def check(missing_ranges):
    assert missing_ranges([0, 1, 3, 50, 75], 0, 99) == ["2", "4->49", "51->74", "76->99"]
    assert missing_ranges([], 1, 1) == ["1"]
    assert missing_ranges([1, 2, 3], 1, 3) == []
    assert missing_ranges([], 0, 5) == ["0->5"]
    assert missing_ranges([2], 1, 3) == ["1", "3"]
    assert missing_ranges([-1], -3, 0) == ["-3->-2", "0"]
    assert missing_ranges([5, 7], 5, 9) == ["6", "8->9"]


def test_missing_ranges():
    check(missing_ranges)

from sort_by_frequency import *  # noqa: F401,F403
from sort_by_frequency import sort_by_frequency

def check(sort_by_frequency):
    assert sort_by_frequency([4, 6, 2, 6, 4, 4]) == [4, 4, 4, 6, 6, 2]
    assert sort_by_frequency([3, 1, 2]) == [1, 2, 3]
    assert sort_by_frequency([]) == []
    assert sort_by_frequency(["b", "a", "b", "c", "a"]) == ["a", "a", "b", "b", "c"]
    assert sort_by_frequency([5, 5, 5]) == [5, 5, 5]
    assert sort_by_frequency([1, 2, 2, 3, 3, 3, -1]) == [3, 3, 3, 2, 2, -1, 1]


def test_sort_by_frequency():
    check(sort_by_frequency)

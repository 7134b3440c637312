from selection_sort import *  # noqa: F401,F403
from selection_sort import selection_sort

def check(selection_sort):
    assert selection_sort([3, 1, 2]) == [1, 2, 3]
    assert selection_sort([5, -1, 5, 0]) == [-1, 0, 5, 5]
    assert selection_sort([]) == []
    assert selection_sort([1]) == [1]
    assert selection_sort([4, 3, 2, 1]) == [1, 2, 3, 4]
    assert selection_sort(["pear", "apple", "fig"]) == ["apple", "fig", "pear"]
    data = [2, 1]
    selection_sort(data)
    assert data == [2, 1]


def test_selection_sort():
    check(selection_sort)

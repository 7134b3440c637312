from sorting import merge_sort


def test_sorts():
    assert merge_sort([5, 2, 9, 1]) == [1, 2, 5, 9]


def test_keeps_duplicates():
    assert merge_sort([3, 1, 3]) == [1, 3, 3]


def test_empty():
    assert merge_sort([]) == []

from readings import mean_of_valid


def test_all_valid():
    assert mean_of_valid([1, 2, 3]) == 2.0


def test_skips_missing():
    assert mean_of_valid([2, None, 4]) == 3.0
    assert mean_of_valid([1, None, 2, 6]) == 3.0


def test_none_valid():
    assert mean_of_valid([None]) == 0.0

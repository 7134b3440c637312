from scores import mean_score, passed


def test_mean_of_two():
    assert mean_score([4, 6]) == 5


def test_mean_of_four():
    assert mean_score([1, 2, 3, 6]) == 3


def test_passed():
    assert passed([40, 50, 60], 50) == [50, 60]

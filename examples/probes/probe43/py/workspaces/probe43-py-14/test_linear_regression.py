from linear_regression import *  # noqa: F401,F403
from linear_regression import linear_regression

def check(linear_regression):
    assert linear_regression([0, 1, 2], [1, 3, 5]) == (2.0, 1.0)
    assert linear_regression([1, 2, 3, 4], [10, 8, 6, 4]) == (-2.0, 12.0)
    assert linear_regression([2, 4], [5, 5]) == (0.0, 5.0)
    slope, intercept = linear_regression([1, 2, 3], [1, 2, 2])
    assert round(slope, 9) == 0.5 and round(intercept, 9) == round(2 / 3, 9)
    assert linear_regression([-1, 1], [0, 4]) == (2.0, 2.0)
    try:
        linear_regression([3, 3], [1, 2])
        assert False
    except ValueError:
        pass


def test_linear_regression():
    check(linear_regression)

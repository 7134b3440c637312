from longest_plateau import *  # noqa: F401,F403
from longest_plateau import longest_plateau

def check(longest_plateau):
    assert longest_plateau([1, 2, 2, 2, 3, 3]) == (1, 3)
    assert longest_plateau([4, 4, 5, 5]) == (0, 2)
    assert longest_plateau([]) == (0, 0)
    assert longest_plateau([7]) == (0, 1)
    assert longest_plateau([1, 2, 3]) == (0, 1)
    assert longest_plateau([5, 5, 5, 1, 5, 5, 5]) == (0, 3)
    assert longest_plateau([0, 9, 9, 9, 9]) == (1, 4)


def test_longest_plateau():
    check(longest_plateau)

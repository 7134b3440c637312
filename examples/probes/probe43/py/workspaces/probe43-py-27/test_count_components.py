from count_components import *  # noqa: F401,F403
from count_components import count_components

def check(count_components):
    assert count_components(5, [(0, 1), (1, 2), (3, 4)]) == 2
    assert count_components(3, []) == 3
    assert count_components(0, []) == 0
    assert count_components(3, [(0, 1), (0, 2), (1, 2)]) == 1
    assert count_components(4, [(0, 0), (1, 1), (2, 3), (3, 2)]) == 3
    assert count_components(6, [(0, 1), (2, 3), (0, 2), (4, 5), (1, 3)]) == 2
    assert count_components(5, [(0, 1), (0, 2), (0, 3), (3, 4), (2, 4)]) == 1


def test_count_components():
    check(count_components)

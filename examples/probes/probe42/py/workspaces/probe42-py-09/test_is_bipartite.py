from is_bipartite import *  # noqa: F401,F403
from is_bipartite import is_bipartite

def check(is_bipartite):
    assert is_bipartite(4, [(0, 1), (1, 2), (2, 3), (3, 0)]) is True
    assert is_bipartite(3, [(0, 1), (1, 2), (2, 0)]) is False
    assert is_bipartite(0, []) is True
    assert is_bipartite(5, [(0, 1), (2, 3), (3, 4), (4, 2)]) is False
    assert is_bipartite(1, [(0, 0)]) is False
    assert is_bipartite(4, [(0, 1), (1, 2), (2, 3)]) is True
    assert is_bipartite(3, [(0, 1), (2, 2)]) is False


def test_is_bipartite():
    check(is_bipartite)

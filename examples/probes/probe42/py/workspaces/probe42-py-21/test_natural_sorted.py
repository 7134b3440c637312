from natural_sorted import *  # noqa: F401,F403
from natural_sorted import natural_sorted

def check(natural_sorted):
    assert natural_sorted(['file10', 'file9', 'File1']) == ['File1', 'file9', 'file10']
    assert natural_sorted([]) == []
    assert natural_sorted(['b', 'A', 'c']) == ['A', 'b', 'c']
    assert natural_sorted(['v1.10', 'v1.2', 'v1.9']) == ['v1.2', 'v1.9', 'v1.10']
    assert natural_sorted(['x2', 'x1', 'x3']) == ['x1', 'x2', 'x3']
    assert natural_sorted(['a100b', 'a20b', 'a3b']) == ['a3b', 'a20b', 'a100b']


def test_natural_sorted():
    check(natural_sorted)

from topo_order import *  # noqa: F401,F403
from topo_order import topo_order

def check(topo_order):
    assert topo_order({'b': ['a'], 'c': ['a', 'b'], 'a': []}) == ['a', 'b', 'c']
    assert topo_order({}) == []
    assert topo_order({'z': [], 'y': [], 'x': ['z']}) == ['y', 'z', 'x']
    assert topo_order({'deploy': ['test', 'build'], 'test': ['build']}) == ['build', 'test', 'deploy']
    assert topo_order({'app': ['lib'], 'lib': ['core'], 'core': []}) == ['core', 'lib', 'app']
    assert topo_order({'d': ['b', 'c'], 'b': ['a'], 'c': ['a']}) == ['a', 'b', 'c', 'd']


def test_topo_order():
    check(topo_order)

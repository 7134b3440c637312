from deep_merge import *  # noqa: F401,F403
from deep_merge import deep_merge

def check(deep_merge):
    assert deep_merge({'a': 1, 'b': {'x': 1, 'y': 2}}, {'b': {'y': 3}, 'c': 4}) == {'a': 1, 'b': {'x': 1, 'y': 3}, 'c': 4}
    assert deep_merge({}, {}) == {}
    assert deep_merge({'a': 1}, {'a': 2}) == {'a': 2}
    assert deep_merge({'a': {'b': 1}}, {'a': 5}) == {'a': 5}
    assert deep_merge({'a': 1}, {'a': {'b': 2}}) == {'a': {'b': 2}}
    assert deep_merge({'db': {'host': 'x', 'opts': {'t': 1}}}, {'db': {'opts': {'u': 2}}}) == {'db': {'host': 'x', 'opts': {'t': 1, 'u': 2}}}
    assert deep_merge({'x': 1}, {'log': {'level': 'debug'}}) == {'x': 1, 'log': {'level': 'debug'}}


def test_deep_merge():
    check(deep_merge)

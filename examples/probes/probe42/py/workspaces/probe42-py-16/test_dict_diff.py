from dict_diff import *  # noqa: F401,F403
from dict_diff import dict_diff

def check(dict_diff):
    assert dict_diff({'a': 1, 'b': 2}, {'b': 3, 'c': 'x'}) == ['- a: 1', '~ b: 2 -> 3', "+ c: 'x'"]
    assert dict_diff({}, {}) == []
    assert dict_diff({'k': 1}, {'k': 1}) == []
    assert dict_diff({'n': 1}, {'n': 2}) == ['~ n: 1 -> 2']
    assert dict_diff({}, {'z': None}) == ['+ z: None']
    assert dict_diff({'a': [1], 'b': 0}, {'a': [1, 2]}) == ['~ a: [1] -> [1, 2]', '- b: 0']


def test_dict_diff():
    check(dict_diff)

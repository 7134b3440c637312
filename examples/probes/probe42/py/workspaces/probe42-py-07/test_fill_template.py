from fill_template import *  # noqa: F401,F403
from fill_template import fill_template

def check(fill_template):
    assert fill_template('Hello, {name}!', {'name': 'Ada'}) == 'Hello, Ada!'
    assert fill_template('{{x}} = {x}', {'x': 3}) == '{x} = 3'
    assert fill_template('{ a }+{b}', {'a': 1, 'b': 2}) == '1+2'
    assert fill_template('', {}) == ''
    assert fill_template('no fields', {'x': 1}) == 'no fields'
    assert fill_template('{n} items', {'n': 0}) == '0 items'
    assert fill_template('json: {{"k": {v}}}', {'v': 5}) == 'json: {"k": 5}'


def test_fill_template():
    check(fill_template)

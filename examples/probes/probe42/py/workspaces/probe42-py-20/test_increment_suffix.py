from increment_suffix import *  # noqa: F401,F403
from increment_suffix import increment_suffix

def check(increment_suffix):
    assert increment_suffix('file9') == 'file10'
    assert increment_suffix('img007') == 'img008'
    assert increment_suffix('x099') == 'x100'
    assert increment_suffix('draft') == 'draft1'
    assert increment_suffix('a1b2') == 'a1b3'
    assert increment_suffix('') == '1'
    assert increment_suffix('v-000') == 'v-001'


def test_increment_suffix():
    check(increment_suffix)

from parse_ini import *  # noqa: F401,F403
from parse_ini import parse_ini

def check(parse_ini):
    assert parse_ini("a=1\n[db]\nhost = x\n; c\nport=5") == {"": {"a": "1"}, "db": {"host": "x", "port": "5"}}
    assert parse_ini("") == {}
    assert parse_ini("[s]\n") == {"s": {}}
    assert parse_ini("# top\n[ main ]\n  k = v = w  \nk2=\n") == {"main": {"k": "v = w", "k2": ""}}
    assert parse_ini("[a]\nx=1\n[b]\nx=2\n[a]\nx=3") == {"a": {"x": "3"}, "b": {"x": "2"}}


def test_parse_ini():
    check(parse_ini)

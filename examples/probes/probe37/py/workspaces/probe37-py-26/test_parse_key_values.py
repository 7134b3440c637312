from parse_key_values import *  # noqa: F401,F403
from parse_key_values import parse_key_values

def check(parse_key_values):
    assert parse_key_values("a=1; b = two ;debug") == {"a": "1", "b": "two", "debug": None}
    assert parse_key_values("") == {}
    assert parse_key_values("x=1;;y=2;") == {"x": "1", "y": "2"}
    assert parse_key_values("a=1;a=2") == {"a": "2"}
    assert parse_key_values("url=http://x?a=b") == {"url": "http://x?a=b"}
    assert parse_key_values(" k = ; ") == {"k": ""}
    assert parse_key_values("flag") == {"flag": None}


def test_parse_key_values():
    check(parse_key_values)

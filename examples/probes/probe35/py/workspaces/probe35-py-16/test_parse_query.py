from parse_query import *  # noqa: F401,F403
from parse_query import parse_query

def check(candidate):
    assert candidate("") == {}
    assert candidate("a=1&b=2&a=3") == {"a": ["1", "3"], "b": ["2"]}
    assert candidate("flag") == {"flag": [""]}
    assert candidate("x=1&&y=2") == {"x": ["1"], "y": ["2"]}
    assert candidate("eq=a=b") == {"eq": ["a=b"]}
    assert candidate("a=&a=") == {"a": ["", ""]}
    assert candidate("k=v&") == {"k": ["v"]}


def test_parse_query():
    check(parse_query)

from parse_query_string import *  # noqa: F401,F403
from parse_query_string import parse_query_string


def check(parse_query_string):
    assert parse_query_string("?tag=a&tag=b&q=hello+world") == {"tag": ["a", "b"], "q": ["hello world"]}
    assert parse_query_string("a=1&&b=2") == {"a": ["1"], "b": ["2"]}
    assert parse_query_string("") == {}
    assert parse_query_string("flag&x=%2B1") == {"flag": [""], "x": ["+1"]}
    assert parse_query_string("name=J%C3%B6rg&empty=") == {"name": ["Jörg"], "empty": [""]}
    assert parse_query_string("a=1&") == {"a": ["1"]}


def test_parse_query_string():
    check(parse_query_string)

from snake_to_camel import *  # noqa: F401,F403
from snake_to_camel import snake_to_camel


def check(snake_to_camel):
    assert snake_to_camel("user_id") == "userId"
    assert snake_to_camel("_private_value") == "_privateValue"
    assert snake_to_camel("http_URL") == "httpURL"
    assert snake_to_camel("make_XML_parser", upper_first=True) == "MakeXMLParser"
    assert snake_to_camel("a__b__") == "aB__"
    assert snake_to_camel("___") == "___"
    assert snake_to_camel("already") == "already"


def test_snake_to_camel():
    check(snake_to_camel)

from camel_to_snake import *  # noqa: F401,F403
from camel_to_snake import camel_to_snake

def check(camel_to_snake):
    assert camel_to_snake("parseJsonData") == "parse_json_data"
    assert camel_to_snake("HttpServer") == "http_server"
    assert camel_to_snake("x") == "x"
    assert camel_to_snake("X") == "x"
    assert camel_to_snake("") == ""
    assert camel_to_snake("already_snake") == "already_snake"
    assert camel_to_snake("getHTTP") == "get_h_t_t_p"
    assert camel_to_snake("Version2Name") == "version2_name"


def test_camel_to_snake():
    check(camel_to_snake)

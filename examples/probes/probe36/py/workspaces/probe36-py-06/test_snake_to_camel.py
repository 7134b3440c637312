from snake_to_camel import *  # noqa: F401,F403
from snake_to_camel import snake_to_camel

def check(snake_to_camel):
    assert snake_to_camel("parse_http_response") == "parseHttpResponse"
    assert snake_to_camel("get_URL_for_id") == "getURLForId"
    assert snake_to_camel("__private__var_") == "privateVar"
    assert snake_to_camel("single") == "single"
    assert snake_to_camel("") == ""
    assert snake_to_camel("___") == ""
    assert snake_to_camel("x_1_y") == "x1Y"
    assert snake_to_camel("load_JSONData_now") == "loadJSONDataNow"


def test_snake_to_camel():
    check(snake_to_camel)

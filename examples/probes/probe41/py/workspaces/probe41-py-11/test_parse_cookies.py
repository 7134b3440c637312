from parse_cookies import *  # noqa: F401,F403
from parse_cookies import parse_cookies

def check(parse_cookies):
    assert parse_cookies("session=abc123; theme=dark") == {"session": "abc123", "theme": "dark"}
    assert parse_cookies("id=1; id=2; flag") == {"id": "1"}
    assert parse_cookies("token=a=b=c;  ;=x") == {"token": "a=b=c"}
    assert parse_cookies("") == {}
    assert parse_cookies(" a = 1 ;b=") == {"a": "1", "b": ""}
    assert parse_cookies("x=1;y=2;x=3;y=4") == {"x": "1", "y": "2"}


def test_parse_cookies():
    check(parse_cookies)

from parse_http_range import *  # noqa: F401,F403
from parse_http_range import parse_http_range


def check(parse_http_range):
    assert parse_http_range("bytes=0-99", 1000) == (0, 99)
    assert parse_http_range("bytes=-100", 1000) == (900, 999)
    assert parse_http_range("bytes=500-", 1000) == (500, 999)
    assert parse_http_range("bytes=900-2000", 1000) == (900, 999)
    assert parse_http_range("bytes=-5000", 1000) == (0, 999)
    assert parse_http_range("bytes=1000-1200", 1000) is None
    assert parse_http_range("bytes=5-2", 1000) is None
    assert parse_http_range("items=0-1", 1000) is None


def test_parse_http_range():
    check(parse_http_range)

from parse_latlon import *  # noqa: F401,F403
from parse_latlon import parse_latlon

import pytest


def check(parse_latlon):
    assert parse_latlon("51.5074 N, 0.1278 W") == (51.5074, -0.1278)
    assert parse_latlon("33.8688S,151.2093E") == (-33.8688, 151.2093)
    assert parse_latlon("0 n, 0 e") == (0.0, 0.0)
    with pytest.raises(ValueError):
        parse_latlon("91 N, 0 E")
    with pytest.raises(ValueError):
        parse_latlon("45 N, 180.5 W")
    with pytest.raises(ValueError):
        parse_latlon("10 E, 10 N")
    with pytest.raises(ValueError):
        parse_latlon("10 N")


def test_parse_latlon():
    check(parse_latlon)

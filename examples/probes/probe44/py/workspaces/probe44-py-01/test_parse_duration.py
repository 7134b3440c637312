from parse_duration import *  # noqa: F401,F403
from parse_duration import parse_duration

import pytest


def check(parse_duration):
    assert parse_duration("1h30m") == 5400
    assert parse_duration("2d 5s") == 172805
    assert parse_duration("45") == 45
    assert parse_duration("10m 10s") == 610
    assert parse_duration("0s") == 0
    with pytest.raises(ValueError):
        parse_duration("")
    with pytest.raises(ValueError):
        parse_duration("1h30")
    with pytest.raises(ValueError):
        parse_duration("x1h")


def test_parse_duration():
    check(parse_duration)

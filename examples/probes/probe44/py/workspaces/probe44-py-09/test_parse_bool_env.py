from parse_bool_env import *  # noqa: F401,F403
from parse_bool_env import parse_bool_env

import pytest


def check(parse_bool_env):
    assert parse_bool_env(" Yes ") is True
    assert parse_bool_env("", default=True) is False
    assert parse_bool_env(None, default=True) is True
    assert parse_bool_env(None) is False
    assert parse_bool_env("OFF", default=True) is False
    assert parse_bool_env("1") is True
    with pytest.raises(ValueError):
        parse_bool_env("maybe")


def test_parse_bool_env():
    check(parse_bool_env)

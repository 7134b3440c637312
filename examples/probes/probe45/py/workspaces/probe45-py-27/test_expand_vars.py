from expand_vars import *  # noqa: F401,F403
from expand_vars import expand_vars

import pytest


def check(expand_vars):
    assert expand_vars("$HOME/bin", {"HOME": "/root"}) == "/root/bin"
    assert expand_vars("${USER}x", {"USER": "ann"}) == "annx"
    assert expand_vars("${EDITOR:-vi}", {}) == "vi"
    assert expand_vars("${EDITOR:-vi}", {"EDITOR": ""}) == "vi"
    assert expand_vars("${EDITOR:-vi}", {"EDITOR": "nano"}) == "nano"
    assert expand_vars("cost: $$5", {}) == "cost: $5"
    assert expand_vars("$1 and $", {}) == "$1 and $"
    assert expand_vars("[$UNSET]", {}) == "[]"


def test_expand_vars():
    check(expand_vars)

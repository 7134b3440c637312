from valid_issn import *  # noqa: F401,F403
from valid_issn import valid_issn

import pytest


def check(valid_issn):
    assert valid_issn("0317-8471") is True
    assert valid_issn("2049-3630") is True
    assert valid_issn("2434-561X") is True
    assert valid_issn("2434-561X".lower()) is True
    assert valid_issn("0317-8472") is False
    assert valid_issn("0317 8471") is False
    assert valid_issn("0317-847") is False


def test_valid_issn():
    check(valid_issn)

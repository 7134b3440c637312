from parse_accept_language import *  # noqa: F401,F403
from parse_accept_language import parse_accept_language

import pytest


def check(parse_accept_language):
    assert parse_accept_language("en-US,en;q=0.9,fr;q=0.8") == ["en-us", "en", "fr"]
    assert parse_accept_language("fr;q=0.5, de, en;q=0.8") == ["de", "en", "fr"]
    assert parse_accept_language("da, en-gb;q=0.8, en;q=0.7, *;q=0") == ["da", "en-gb", "en"]
    assert parse_accept_language("") == []
    assert parse_accept_language("es;q=0, ,it") == ["it"]
    assert parse_accept_language("pt ; q=0.3, nl;q=0.3") == ["pt", "nl"]


def test_parse_accept_language():
    check(parse_accept_language)

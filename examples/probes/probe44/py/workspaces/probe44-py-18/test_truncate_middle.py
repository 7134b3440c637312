from truncate_middle import *  # noqa: F401,F403
from truncate_middle import truncate_middle

import pytest


def check(truncate_middle):
    assert truncate_middle("abcdefghij", 7) == "abc…hij"
    assert truncate_middle("abcdefghij", 6) == "abc…ij"
    assert truncate_middle("short", 10) == "short"
    assert truncate_middle("abcdef", 2) == "a…"
    assert truncate_middle("abcdef", 1) == "…"
    assert truncate_middle("filename_very_long.txt", 12, marker="...") == "filen....txt"
    with pytest.raises(ValueError):
        truncate_middle("abcdef", 2, marker="...")


def test_truncate_middle():
    check(truncate_middle)

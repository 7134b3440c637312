from chunk_text_by_bytes import *  # noqa: F401,F403
from chunk_text_by_bytes import chunk_text_by_bytes

import pytest


def check(chunk_text_by_bytes):
    assert chunk_text_by_bytes("héllo", 3) == ["hé", "llo"]
    assert chunk_text_by_bytes("", 5) == []
    assert chunk_text_by_bytes("abcdef", 4) == ["abcd", "ef"]
    assert chunk_text_by_bytes("日本語", 6) == ["日本", "語"]
    assert chunk_text_by_bytes("a😀b", 4) == ["a", "😀", "b"]
    assert "".join(chunk_text_by_bytes("naïve café", 5)) == "naïve café"
    with pytest.raises(ValueError):
        chunk_text_by_bytes("€", 2)


def test_chunk_text_by_bytes():
    check(chunk_text_by_bytes)

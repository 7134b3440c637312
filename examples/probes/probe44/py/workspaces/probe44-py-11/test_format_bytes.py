from format_bytes import *  # noqa: F401,F403
from format_bytes import format_bytes


def check(format_bytes):
    assert format_bytes(1536) == "1.5 KiB"
    assert format_bytes(999, binary=False) == "999 B"
    assert format_bytes(1024) == "1.0 KiB"
    assert format_bytes(1000, binary=False) == "1.0 kB"
    assert format_bytes(0) == "0 B"
    assert format_bytes(5 * 1024 ** 5) == "5120.0 TiB"
    assert format_bytes(1048576) == "1.0 MiB"


def test_format_bytes():
    check(format_bytes)

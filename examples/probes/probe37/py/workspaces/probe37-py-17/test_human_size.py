from human_size import *  # noqa: F401,F403
from human_size import human_size

def check(human_size):
    assert human_size(512) == "512 B"
    assert human_size(0) == "0 B"
    assert human_size(1023) == "1023 B"
    assert human_size(1024) == "1.0 KiB"
    assert human_size(1536) == "1.5 KiB"
    assert human_size(1048576) == "1.0 MiB"
    assert human_size(5 * 1024 ** 3) == "5.0 GiB"
    assert human_size(1024 ** 4) == "1.0 TiB"
    assert human_size(3 * 1024 ** 5) == "3072.0 TiB"


def test_human_size():
    check(human_size)

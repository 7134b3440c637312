from epoch_to_iso import *  # noqa: F401,F403
from epoch_to_iso import epoch_to_iso

import pytest


def check(epoch_to_iso):
    assert epoch_to_iso(0) == "1970-01-01T00:00:00Z"
    assert epoch_to_iso(-1) == "1969-12-31T23:59:59Z"
    assert epoch_to_iso(951782400) == "2000-02-29T00:00:00Z"
    assert epoch_to_iso(1700000000) == "2023-11-14T22:13:20Z"
    assert epoch_to_iso(1709251199) == "2024-02-29T23:59:59Z"
    assert epoch_to_iso(1704067200) == "2024-01-01T00:00:00Z"


def test_epoch_to_iso():
    check(epoch_to_iso)

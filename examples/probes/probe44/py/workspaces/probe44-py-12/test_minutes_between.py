from minutes_between import *  # noqa: F401,F403
from minutes_between import minutes_between

import pytest


def check(minutes_between):
    assert minutes_between("09:15", "10:00") == 45
    assert minutes_between("23:30", "00:15") == 45
    assert minutes_between("12:00", "12:00") == 0
    assert minutes_between("00:00", "23:59") == 1439
    assert minutes_between("18:45", "06:15") == 690
    with pytest.raises(ValueError):
        minutes_between("24:00", "01:00")


def test_minutes_between():
    check(minutes_between)

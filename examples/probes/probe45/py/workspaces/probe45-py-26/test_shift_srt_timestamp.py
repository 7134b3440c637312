from shift_srt_timestamp import *  # noqa: F401,F403
from shift_srt_timestamp import shift_srt_timestamp

import pytest


def check(shift_srt_timestamp):
    assert shift_srt_timestamp("00:00:01,000 --> 00:00:02,500", 1500) == "00:00:02,500 --> 00:00:04,000"
    assert shift_srt_timestamp("01:59:59,900 --> 02:00:00,100", 200) == "02:00:00,100 --> 02:00:00,300"
    assert shift_srt_timestamp("00:00:00,500 --> 00:00:01,000", -700) == "00:00:00,000 --> 00:00:00,300"
    assert shift_srt_timestamp("00:10:00,000 --> 00:10:05,250", -61000) == "00:08:59,000 --> 00:09:04,250"
    with pytest.raises(ValueError):
        shift_srt_timestamp("00:00:01,000 -> 00:00:02,000", 0)
    with pytest.raises(ValueError):
        shift_srt_timestamp("00:01,000 --> 00:00:02,000", 0)


def test_shift_srt_timestamp():
    check(shift_srt_timestamp)

from reading_time import *  # noqa: F401,F403
from reading_time import reading_time

def check(reading_time):
    assert reading_time("word " * 450) == 3
    assert reading_time("just a few words") == 1
    assert reading_time("a b c d e f", 4) == 2
    assert reading_time("") == 1
    assert reading_time("x " * 200) == 1
    assert reading_time("x " * 401) == 3
    assert reading_time("x " * 250, 100) == 3
    assert reading_time("x\ny\tz " * 500, 250) == 6


def test_reading_time():
    check(reading_time)

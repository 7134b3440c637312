from parse_time_12h import *  # noqa: F401,F403
from parse_time_12h import parse_time_12h

def check(parse_time_12h):
    assert parse_time_12h("7:05 PM") == 1145
    assert parse_time_12h("12:30 AM") == 30
    assert parse_time_12h("12:00 PM") == 720
    assert parse_time_12h("12:45 pm") == 765
    assert parse_time_12h(" 1:00 am ") == 60
    assert parse_time_12h("11:59 PM") == 1439
    assert parse_time_12h("9:07 AM") == 547
    assert parse_time_12h("12:00 AM") == 0


def test_parse_time_12h():
    check(parse_time_12h)

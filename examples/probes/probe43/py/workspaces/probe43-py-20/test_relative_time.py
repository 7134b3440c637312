from relative_time import *  # noqa: F401,F403
from relative_time import relative_time

def check(relative_time):
    assert relative_time(-300) == "5 minutes ago"
    assert relative_time(10) == "just now"
    assert relative_time(-44) == "just now"
    assert relative_time(50) == "in 50 seconds"
    assert relative_time(-3600) == "1 hour ago"
    assert relative_time(7300) == "in 2 hours"
    assert relative_time(86400) == "in 1 day"
    assert relative_time(-60) == "1 minute ago"
    assert relative_time(-200000) == "2 days ago"


def test_relative_time():
    check(relative_time)

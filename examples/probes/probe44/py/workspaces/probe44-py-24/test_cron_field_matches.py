from cron_field_matches import *  # noqa: F401,F403
from cron_field_matches import cron_field_matches


def check(cron_field_matches):
    assert cron_field_matches("*/15", 30, 0, 59) is True
    assert cron_field_matches("*/15", 31, 0, 59) is False
    assert cron_field_matches("1-10/3", 7, 0, 59) is True
    assert cron_field_matches("1-10/3", 9, 0, 59) is False
    assert cron_field_matches("1,15,30", 15, 1, 31) is True
    assert cron_field_matches("5/20", 45, 0, 59) is True
    assert cron_field_matches("*", 6, 0, 6) is True
    assert cron_field_matches("9-17", 18, 0, 23) is False


def test_cron_field_matches():
    check(cron_field_matches)

from parse_cron_field import *  # noqa: F401,F403
from parse_cron_field import parse_cron_field

def check(parse_cron_field):
    assert parse_cron_field('*/15', 0, 59) == [0, 15, 30, 45]
    assert parse_cron_field('1-5,0', 0, 6) == [0, 1, 2, 3, 4, 5]
    assert parse_cron_field('5/20', 0, 59) == [5, 25, 45]
    assert parse_cron_field('0-10/5', 0, 59) == [0, 5, 10]
    assert parse_cron_field('*', 1, 3) == [1, 2, 3]
    assert parse_cron_field('7', 1, 12) == [7]
    assert parse_cron_field('2/3,1', 1, 12) == [1, 2, 5, 8, 11]


def test_parse_cron_field():
    check(parse_cron_field)

from parse_money import *  # noqa: F401,F403
from parse_money import parse_money

def check(parse_money):
    assert parse_money("$1,234.50") == 123450
    assert parse_money("-$3.5") == -350
    assert parse_money("12") == 1200
    assert parse_money("$0.07") == 7
    assert parse_money("1,000,000") == 100000000
    assert parse_money(" $2.9 ") == 290
    assert parse_money("-0.25") == -25
    assert parse_money("$.75") == 75


def test_parse_money():
    check(parse_money)

from bank_balance import *  # noqa: F401,F403
from bank_balance import bank_balance

def check(bank_balance):
    assert bank_balance(100, [("withdraw", 30), ("withdraw", 80), ("deposit", 5)]) == (75, 1)
    assert bank_balance(0, [("fee", 3), ("deposit", 10)]) == (10, 0)
    assert bank_balance(50, []) == (50, 0)
    assert bank_balance(20, [("withdraw", 20), ("withdraw", 1)]) == (0, 1)
    assert bank_balance(5, [("transfer", 5), ("interest", 1), ("withdraw", 2)]) == (3, 0)


def test_bank_balance():
    check(bank_balance)

from min_add_to_balance import *  # noqa: F401,F403
from min_add_to_balance import min_add_to_balance

def check(min_add_to_balance):
    assert min_add_to_balance("())") == 1
    assert min_add_to_balance("(((") == 3
    assert min_add_to_balance(")(") == 2
    assert min_add_to_balance("") == 0
    assert min_add_to_balance("()()") == 0
    assert min_add_to_balance("()))((") == 4
    assert min_add_to_balance("(()())") == 0


def test_min_add_to_balance():
    check(min_add_to_balance)

from blackjack_value import *  # noqa: F401,F403
from blackjack_value import blackjack_value

def check(blackjack_value):
    assert blackjack_value(["A", "K"]) == 21
    assert blackjack_value(["A", "A", "9"]) == 21
    assert blackjack_value(["K", "Q", "5"]) == 25
    assert blackjack_value(["A", "A"]) == 12
    assert blackjack_value(["A", "A", "A", "A"]) == 14
    assert blackjack_value(["5", "6", "A"]) == 12
    assert blackjack_value(["A", "9"]) == 20
    assert blackjack_value(["A", "5", "5"]) == 21
    assert blackjack_value([]) == 0


def test_blackjack_value():
    check(blackjack_value)

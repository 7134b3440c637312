from card_brand import *  # noqa: F401,F403
from card_brand import card_brand

def check(card_brand):
    assert card_brand('4111 1111 1111 1111') == 'visa'
    assert card_brand('3782-822463-10005') == 'amex'
    assert card_brand('5555555555554444') == 'mastercard'
    assert card_brand('2223003122003222') == 'mastercard'
    assert card_brand('6011111111111117') == 'discover'
    assert card_brand('371449635398431') == 'amex'
    assert card_brand('') == 'unknown'
    assert card_brand('4111-1111') == 'unknown'


def test_card_brand():
    check(card_brand)

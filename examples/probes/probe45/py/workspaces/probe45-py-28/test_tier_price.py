from tier_price import *  # noqa: F401,F403
from tier_price import tier_price

import pytest


def check(tier_price):
    tiers = [(100, 70), (1, 100), (10, 90), (50, 80)]
    assert tier_price(5, tiers) == 500
    assert tier_price(10, tiers) == 900
    assert tier_price(49, tiers) == 4410
    assert tier_price(100, tiers) == 7000
    assert tier_price(0, tiers) == 0
    with pytest.raises(ValueError):
        tier_price(3, [(5, 10)])


def test_tier_price():
    check(tier_price)

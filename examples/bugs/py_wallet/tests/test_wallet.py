import pytest

from wallet import Wallet


def test_spend():
    assert Wallet(10).spend(4) == 6


def test_negative_amount():
    with pytest.raises(ValueError):
        Wallet(10).spend(-1)


def test_too_little_money():
    w = Wallet(5)
    with pytest.raises(ValueError):
        w.spend(6)
    assert w.balance == 5

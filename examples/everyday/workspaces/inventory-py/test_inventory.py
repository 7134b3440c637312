import pytest

from inventory import OutOfStock, low_stock, restock, sell, total_units


def test_restock_adds_units():
    stock = {"apples": 3}
    assert restock(stock, "apples", 4) == 7


def test_sell_takes_units():
    stock = {"pears": 10}
    assert sell(stock, "pears", 4) == 6


def test_sell_refuses_too_many():
    with pytest.raises(OutOfStock):
        sell({"plums": 1}, "plums", 2)


def test_low_stock_lists_items_below_the_threshold():
    stock = {"figs": 2, "kiwis": 9, "limes": 4}
    assert low_stock(stock) == ["figs", "limes", "kiwis"]


def test_total_units():
    assert total_units({"a": 1, "b": 2}) == 3

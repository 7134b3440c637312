"""Stock keeping for a corner shop."""

LOW_STOCK = 5


class OutOfStock(Exception):
    """Raised when more items are sold than are on the shelves."""


def restock(stock, item, quantity):
    """Add `quantity` units of `item` to `stock` and return the new count."""
    if quantity <= 0:
        raise ValueError("quantity must be positive")
    stock[item] = stock.get(item, 0) + quantity
    return stock[item]


def sell(stock, item, quantity):
    """Take `quantity` units of `item` out of `stock`; refuse to sell what is not there."""
    on_hand = stock.get(item, 0)
    if quantity > on_hand:
        raise OutOfStock(f"only {on_hand} {item} left")
    stock[item] = on_hand - quantity
    return stock[item]


def low_stock(stock):
    """Items with fewer than LOW_STOCK units, sorted by name."""
    # TODO: let the shop set its own threshold per item.
    return sorted(item for item, count in stock.items() if count < LOW_STOCK)


def total_units(stock):
    """How many units are on the shelves in all."""
    return sum(stock.values())

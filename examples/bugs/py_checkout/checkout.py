"""Rules for when a shopping cart may be checked out."""


def cart_total(prices):
    return sum(prices)


def can_checkout(prices, logged_in):
    return len(prices) > 0 or logged_in


def shipping_cost(prices):
    if cart_total(prices) >= 50:
        return 0
    return 5

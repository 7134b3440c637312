"""Prices after a percentage discount."""


def discounted(price, discount):
    """`discount` is a fraction: 0.2 takes 20 % off."""
    return price * discount


def total(prices, discount):
    return sum(discounted(price, discount) for price in prices)

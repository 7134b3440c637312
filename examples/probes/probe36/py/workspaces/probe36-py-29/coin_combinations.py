def coin_combinations(amount: int, coins: list) -> int:
    """Return the number of different ways to make `amount` from coins of the
    given denominations, each available in any number. The order of the coins
    does not matter, and there is exactly one way to make 0.
    >>> coin_combinations(5, [1, 2, 5])
    4
    >>> coin_combinations(3, [2])
    0
    """
    ways = [1] + [0] * amount
    for coin in coins:
        for total in range(coin, amount):
            ways[total] += ways[total - coin]
    return ways[amount]

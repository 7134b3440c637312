def min_coins(amount: int, coins: list) -> int:
    """Return the smallest number of coins that add up exactly to `amount`,
    using any number of coins of each of the given denominations. Return 0 for
    an amount of 0, and -1 if the amount cannot be made.
    >>> min_coins(11, [1, 2, 5])
    3
    >>> min_coins(3, [2])
    -1
    """
    INF = float("inf")
    best = [0] + [INF] * amount
    for value in range(1, amount + 1):
        for coin in coins:
            if coin < value and best[value - coin] + 1 < best[value]:
                best[value] = best[value - coin] + 1
    return -1 if best[amount] == INF else best[amount]

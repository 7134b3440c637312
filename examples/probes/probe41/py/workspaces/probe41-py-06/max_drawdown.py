def max_drawdown(prices: list) -> float:
    """Return the largest fall from a price to any later, lower price in the
    series, as a positive amount; 0 when the price never falls (or the list is
    empty).
    >>> max_drawdown([10, 12, 7, 9, 5, 11])
    7
    >>> max_drawdown([1, 2, 3])
    0
    >>> max_drawdown([8, 3, 9, 6])
    5
    """
    if not prices:
        return 0
    peak = prices[0]
    worst = 0
    for price in prices:
        worst = max(worst, peak - price)
    return worst

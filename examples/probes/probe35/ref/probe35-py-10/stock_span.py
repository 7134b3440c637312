def stock_span(prices: list) -> list:
    """For each day, compute the span of the stock price: the number of
    consecutive days, ending with that day and counting it, on which the price
    was less than or equal to that day's price. Return the list of spans.
    >>> stock_span([100, 80, 60, 70, 60, 75, 85])
    [1, 1, 1, 2, 1, 4, 6]
    """
    spans = []
    for i, price in enumerate(prices):
        span = 1
        j = i - 1
        while j >= 0 and prices[j] <= price:
            span += 1
            j -= 1
        spans.append(span)
    return spans

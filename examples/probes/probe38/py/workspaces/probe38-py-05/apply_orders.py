def apply_orders(stock, orders):
    """Process orders one after another against stock, a dict mapping item to
    units on hand. An order is a tuple (order_id, item, quantity) with a
    positive quantity. It is filled when the item has at least that many
    units left, which takes them out of the stock; otherwise it is rejected
    and the stock is unchanged. The input dict is not modified. Return the
    remaining stock and the list of rejected order ids.
    >>> apply_orders({"pen": 5}, [(1, "pen", 3), (2, "pen", 3), (3, "ink", 1)])
    ({'pen': 2}, [2, 3])
    """
    remaining = dict(stock)
    rejected = []
    for order_id, item, quantity in orders:
        available = remaining.get(item, 0)
        if available < quantity:
            rejected.append(order_id)
        remaining[item] = available - quantity
    return remaining, rejected

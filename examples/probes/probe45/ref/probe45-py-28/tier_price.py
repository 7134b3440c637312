def tier_price(quantity, tiers):
    """Return the price in cents of buying `quantity` units under volume
    pricing.

    `tiers` is a list of (min_quantity, unit_price_cents) pairs in any
    order. The whole order is charged at the unit price of the tier with the
    largest min_quantity that is less than or equal to `quantity`. A
    quantity of 0 or less costs 0. Raise ValueError when the quantity is
    positive but below every tier's minimum."""
    if quantity <= 0:
        return 0
    best = None
    for min_qty, price in tiers:
        if min_qty <= quantity and (best is None or min_qty > best[0]):
            best = (min_qty, price)
    if best is None:
        raise ValueError("no tier for quantity %d" % quantity)
    return quantity * best[1]

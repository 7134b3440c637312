def progressive_tax(income: float, brackets: list) -> float:
    """Compute income tax with progressive brackets. `brackets` is a list of
    (upper_limit, rate) pairs sorted by limit; each rate applies only to the
    part of the income between the previous bracket's limit (0 for the first
    bracket) and its own limit. The last bracket's limit is None, meaning no
    limit. Return the total tax rounded to 2 decimals.
    >>> progressive_tax(50000, [(10000, 0.0), (40000, 0.2), (None, 0.4)])
    10000.0
    """
    tax = 0.0
    lower = 0
    for upper, rate in brackets:
        if upper is None or income <= upper:
            tax += (income - lower) * rate
            break
        tax += (upper - lower) * rate
        lower = upper
    return round(tax, 2)

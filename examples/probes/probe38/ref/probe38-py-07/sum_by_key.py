def sum_by_key(records):
    """Add up the values of (key, value) pairs per key. Keys whose total comes
    to exactly zero are left out. Return a dict whose keys are in the order
    of their first appearance.
    >>> sum_by_key([("a", 2), ("b", 1), ("a", 3)])
    {'a': 5, 'b': 1}
    >>> sum_by_key([("x", 4), ("y", 1), ("x", -4)])
    {'y': 1}
    """
    totals = {}
    for key, value in records:
        totals[key] = totals.get(key, 0) + value
    result = {}
    for key, total in totals.items():
        if total == 0:
            continue
        result[key] = total
    return result

def repeated_in_order(items: list) -> list:
    """Return the items that occur more than once in items, each listed once,
    in the order in which their second occurrences appear.
    >>> repeated_in_order([3, 1, 3, 2, 1, 3])
    [3, 1]
    >>> repeated_in_order(["b", "a", "a", "b"])
    ['a', 'b']
    >>> repeated_in_order([1, 2, 3])
    []
    """
    counts = {}
    result = []
    for item in items:
        counts[item] = counts.get(item, 0) + 1
        if counts[item] == 2:
            result.append(item)
    result.sort()
    return result

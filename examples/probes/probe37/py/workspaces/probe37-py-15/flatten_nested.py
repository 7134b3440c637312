def flatten_nested(items: list) -> list:
    """Flatten a list that may contain lists nested to any depth into a flat
    list of its non-list elements, in left-to-right order. Tuples and
    strings count as single elements.
    >>> flatten_nested([1, [2, [3, 4]], 5])
    [1, 2, 3, 4, 5]
    >>> flatten_nested([[], ["ab", (1, 2)]])
    ['ab', (1, 2)]
    """
    flat = []
    for item in items:
        if isinstance(item, list):
            flat.append(flatten_nested(item))
        else:
            flat.append(item)
    return flat

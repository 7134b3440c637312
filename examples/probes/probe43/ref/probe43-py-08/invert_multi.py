def invert_multi(mapping):
    """Invert a dict whose values are lists: every item of a value list
    becomes a key mapped to the sorted list of the original keys whose
    lists hold it. Each original key is listed at most once.
    >>> invert_multi({"a": [1, 2], "b": [2]})
    {1: ['a'], 2: ['a', 'b']}
    """
    result = {}
    for key, values in mapping.items():
        for v in values:
            owners = result.setdefault(v, [])
            if key not in owners:
                owners.append(key)
    for owners in result.values():
        owners.sort()
    return result

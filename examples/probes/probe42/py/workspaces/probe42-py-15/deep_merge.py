def deep_merge(base, override):
    """Return a new dict with the entries of base updated by those of
    override. When both hold a dict under the same key the two dicts are
    merged the same way, recursively; otherwise the value from override wins.
    Neither argument is modified.
    >>> deep_merge({"a": 1, "b": {"x": 1, "y": 2}}, {"b": {"y": 3}, "c": 4})
    {'a': 1, 'b': {'x': 1, 'y': 3}, 'c': 4}
    """
    result = dict(base)
    for key, value in override.items():
        current = result.get(key)
        if isinstance(value, dict):
            result[key] = deep_merge(current, value)
        else:
            result[key] = value
    return result

def dict_diff(old, new):
    """Compare two flat dicts.

    Returns a tuple (added, removed, changed) of sorted key lists: the keys
    only in new, the keys only in old, and the keys present in both whose
    values differ.

    >>> dict_diff({"a": 1, "b": 2, "c": 3}, {"b": 2, "c": 4, "d": 5})
    (['d'], ['a'], ['c'])
    """
    added = sorted(k for k in new if k not in old)
    removed = sorted(k for k in old if k not in new)
    changed = []
    for key in old:
        if key in new and old[key] != new[key]:
            changed.append(key)
    return added, removed, sorted(changed)

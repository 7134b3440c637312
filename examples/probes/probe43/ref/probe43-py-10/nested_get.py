def nested_get(obj, path, default=None):
    """Follow a dotted path such as "a.b.0.c" through nested dicts and lists
    (a step into a list is a decimal index) and return the value found, or
    default when any step is missing. The empty path returns obj itself.
    >>> nested_get({"a": [{"b": 1}]}, "a.0.b")
    1
    """
    if path == "":
        return obj
    cur = obj
    for key in path.split("."):
        if isinstance(cur, dict):
            if key not in cur:
                return default
            cur = cur[key]
        elif isinstance(cur, list):
            if not key.isdigit() or int(key) >= len(cur):
                return default
            cur = cur[int(key)]
        else:
            return default
    return cur

def flatten_dict(d: dict, sep: str = ".") -> dict:
    """Flatten nested dicts into a single level. The key of a nested value is
    the path of keys leading to it joined with sep. Values that are not dicts
    (lists included) are kept as they are, and an empty nested dict
    contributes no keys.
    >>> flatten_dict({"a": 1, "b": {"c": 2, "d": {"e": 3}}})
    {'a': 1, 'b.c': 2, 'b.d.e': 3}
    >>> flatten_dict({"x": {"y": 1}}, sep="/")
    {'x/y': 1}
    """
    flat = {}

    def walk(prefix, value):
        if isinstance(value, dict) and value:
            for key, inner in value.items():
                walk(prefix + sep + key if prefix else key, inner)
        else:
            flat[prefix] = value

    walk("", d)
    return flat

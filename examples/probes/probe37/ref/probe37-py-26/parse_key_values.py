def parse_key_values(text: str) -> dict:
    """Parse settings written as "key=value" pairs separated by semicolons.
    Whitespace around keys and values is removed, empty segments are
    skipped, a segment without "=" maps its key to None, only the first "="
    of a segment separates key from value, and a later pair overrides an
    earlier one with the same key.
    >>> parse_key_values("a=1; b = two ;debug")
    {'a': '1', 'b': 'two', 'debug': None}
    """
    result = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" in part:
            key, value = part.split("=", 1)
            result[key.strip()] = value.strip()
        else:
            result[part] = None
    return result

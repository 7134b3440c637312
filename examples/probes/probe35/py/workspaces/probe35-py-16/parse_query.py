def parse_query(query: str) -> dict:
    """Parse a URL query string such as "a=1&b=2&a=3" into a dict mapping each
    key to the list of its values, in order of appearance. A piece without "="
    has the empty string as its value, and only the first "=" of a piece
    separates key and value. Empty pieces (as in "a=1&&b=2") are ignored, so
    an empty query gives an empty dict.
    >>> parse_query("a=1&b=2&a=3")
    {'a': ['1', '3'], 'b': ['2']}
    """
    result = {}
    for piece in query.split("&"):
        if "=" in piece:
            key, value = piece.split("=", 1)
        else:
            key, value = piece, ""
        result.setdefault(key, []).append(value)
    return result

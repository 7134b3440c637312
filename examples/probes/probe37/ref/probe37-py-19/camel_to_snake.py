def camel_to_snake(name: str) -> str:
    """Convert a camelCase or PascalCase identifier to snake_case: every
    uppercase letter except a first character gets an underscore in front
    of it, and all letters become lowercase. Digits and underscores are
    copied as they are.
    >>> camel_to_snake("parseJsonData")
    'parse_json_data'
    >>> camel_to_snake("HttpServer")
    'http_server'
    """
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i > 0:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)

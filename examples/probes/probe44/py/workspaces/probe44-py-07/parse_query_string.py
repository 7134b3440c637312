from urllib.parse import unquote


def parse_query_string(qs):
    """Parse a URL query string into a dict mapping keys to lists of values.

    A leading "?" is ignored and pairs are separated by "&". "+" stands for a
    space and %XX escapes are decoded, in keys and values alike. A key
    without "=" gets the value "". Empty segments (as in "a=1&&b=2") are
    skipped. Values keep the order in which they appear.

    >>> parse_query_string("?tag=a&tag=b&q=hello+world")
    {'tag': ['a', 'b'], 'q': ['hello world']}
    """
    if qs.startswith("?"):
        qs = qs[1:]
    result = {}
    for part in qs.split("&"):
        key, _, value = part.partition("=")
        key = unquote(key.replace("+", " "))
        value = unquote(value.replace("+", " "))
        result.setdefault(key, []).append(value)
    return result

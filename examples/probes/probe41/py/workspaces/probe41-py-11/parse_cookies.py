def parse_cookies(header: str) -> dict:
    """Parse an HTTP Cookie header such as "a=1; b=2" into a dict. Pieces are
    separated by ";"; a piece without "=" or with an empty name is skipped.
    The name is the text before the first "=", the value the text after it,
    both trimmed. When a name occurs more than once, the first occurrence wins.
    >>> parse_cookies("session=abc123; theme=dark")
    {'session': 'abc123', 'theme': 'dark'}
    >>> parse_cookies("id=1; id=2; flag")
    {'id': '1'}
    >>> parse_cookies("token=a=b=c;  ;=x")
    {'token': 'a=b=c'}
    """
    cookies = {}
    for part in header.split(";"):
        if "=" not in part:
            continue
        name, value = part.split("=", 1)
        name = name.strip()
        if name:
            cookies[name] = value.strip()
    return cookies

def kebab_case(s: str) -> str:
    """Convert a phrase to kebab-case. Words are the runs of letters and
    digits; every other character separates words. The words are lower-cased
    and joined with "-".
    >>> kebab_case("Hello World")
    'hello-world'
    >>> kebab_case("  Parse   HTTP_request now! ")
    'parse-http-request-now'
    >>> kebab_case("...")
    ''
    """
    words = []
    current = ""
    for ch in s:
        if ch.isalnum():
            current += ch.lower()
        elif current:
            words.append(current)
            current = ""
    return "-".join(words)

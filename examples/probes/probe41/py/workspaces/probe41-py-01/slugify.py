def slugify(title: str) -> str:
    """Turn a title into a URL slug: ASCII letters and digits are kept
    (lower-cased), every run of other characters between two kept characters
    becomes a single "-", and nothing is emitted before the first or after the
    last kept character.
    >>> slugify("Hello, World!")
    'hello-world'
    >>> slugify("  C++ & Rust  ")
    'c-rust'
    >>> slugify("100% Pure")
    '100-pure'
    """
    out = []
    pending = False
    for ch in title.lower():
        if ch.isascii() and ch.isalnum():
            if pending:
                out.append("-")
            out.append(ch)
            pending = False
        else:
            pending = True
    return "".join(out)

def justify_line(words: list, width: int) -> str:
    """Join words into a line of exactly width characters, spreading the
    spaces between them as evenly as possible; when they cannot be spread
    evenly, gaps further left get one space more than gaps further right.
    A single word is padded with spaces on its right. The words always fit
    with at least one space between neighbours.
    >>> justify_line(["This", "is", "an"], 16)
    'This    is    an'
    >>> justify_line(["example", "of", "text"], 16)
    'example  of text'
    """
    if len(words) == 1:
        return words[0] + " " * (width - len(words[0]))
    gaps = len(words) - 1
    spaces = width - sum(len(w) for w in words)
    base, extra = divmod(spaces, gaps)
    line = ""
    for i, word in enumerate(words[:-1]):
        line += word + " " * (base + (1 if i <= extra else 0))
    return line + words[-1]

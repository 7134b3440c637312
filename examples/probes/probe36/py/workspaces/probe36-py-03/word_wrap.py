def word_wrap(text: str, width: int) -> list:
    """Break text into lines of at most `width` characters, greedily putting as
    many whole words on each line as fit, with single spaces between words.
    A word longer than `width` is put on a line of its own.
    >>> word_wrap("the quick brown fox", 10)
    ['the quick', 'brown fox']
    >>> word_wrap("a bb ccc", 4)
    ['a bb', 'ccc']
    """
    lines = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) < width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines

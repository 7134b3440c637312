def truncate_middle(text, max_len, marker="…"):
    """Shorten text to at most max_len characters by cutting out the middle.

    The removed part is replaced by marker. When the characters that are
    kept cannot be split evenly, the extra one goes to the start. Text that
    already fits is returned unchanged; max_len shorter than the marker
    raises ValueError.

    >>> truncate_middle("abcdefghij", 7)
    'abc…hij'
    >>> truncate_middle("abcdefghij", 6)
    'abc…ij'
    """
    if len(text) <= max_len:
        return text
    keep = max_len - len(marker)
    if keep < 0:
        raise ValueError("max_len shorter than marker")
    head = (keep + 1) // 2
    tail = keep // 2
    return text[:head] + marker + text[len(text) - tail:]

def text_histogram(data: list) -> list:
    """Draw a horizontal bar chart from (label, count) pairs: one line per
    pair, in order, made of the label left-justified to the width of the
    longest label, then " | ", then count "#" characters. A count of 0 still
    gets its line, with an empty bar.
    >>> text_histogram([("cat", 3), ("horse", 1)])
    ['cat   | ###', 'horse | #']
    >>> text_histogram([])
    []
    """
    if not data:
        return []
    width = max(len(label) for label, _ in data)
    lines = []
    for label, count in data:
        if count == 0:
            continue
        lines.append(label.ljust(width) + " | " + "#" * count)
    return lines

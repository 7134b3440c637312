def columnize(words, width, gap=2):
    """Lay words out in columns as `ls` does: filled top to bottom, then
    left to right, using the largest number of columns that fits in width
    characters (always at least one). Every column is as wide as its longest
    word, columns are separated by gap spaces and lines carry no trailing
    spaces. Returns the list of lines.
    >>> columnize(["a", "bb", "ccc", "d", "ee"], 10)
    ['a    d', 'bb   ee', 'ccc']
    """
    if not words:
        return []
    n = len(words)
    for cols in range(n, 0, -1):
        rows = n // cols
        columns = [words[i * rows:(i + 1) * rows] for i in range(cols)]
        columns = [c for c in columns if c]
        widths = [max(len(w) for w in c) for c in columns]
        if sum(widths) + gap * (len(widths) - 1) <= width or cols == 1:
            break
    lines = []
    for r in range(rows):
        cells = [c[r].ljust(w) for c, w in zip(columns, widths) if r < len(c)]
        lines.append((" " * gap).join(cells).rstrip())
    return lines

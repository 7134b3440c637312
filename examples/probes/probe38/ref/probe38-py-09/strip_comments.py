def strip_comments(source: str, marker: str = "#") -> str:
    """Remove comments from every line of source: drop the first occurrence of
    marker and everything after it, then any whitespace left at the end of
    the line. Indentation and empty lines are kept, and lines stay in order.
    >>> strip_comments("x = 1  # one\\n  y = 2\\n# note")
    'x = 1\\n  y = 2\\n'
    """
    lines = []
    for line in source.split("\n"):
        pos = line.find(marker)
        if pos != -1:
            line = line[:pos]
        line = line.rstrip()
        lines.append(line)
    return "\n".join(lines)

def dedent_lines(lines: list) -> list:
    """Remove from every line the longest run of leading spaces that all
    non-blank lines share. Blank lines (empty or only spaces) become "".
    >>> dedent_lines(["    a", "      b", "    c"])
    ['a', '  b', 'c']
    >>> dedent_lines(["  x", "", "    y"])
    ['x', '', '  y']
    """
    widths = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip(" ")]
    cut = max(widths, default=0)
    return [line[cut:] if line.strip(" ") else "" for line in lines]

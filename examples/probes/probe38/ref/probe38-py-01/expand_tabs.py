def expand_tabs(line: str, tab_size: int = 4) -> str:
    """Replace every tab in a single line of text with spaces, so that the text
    after the tab starts at the next column that is a multiple of tab_size.
    Columns are counted from 0 and every other character takes one column.
    >>> expand_tabs("a\\tb", 4)
    'a   b'
    >>> expand_tabs("abcd\\te", 4)
    'abcd    e'
    """
    out = []
    col = 0
    for ch in line:
        if ch == "\t":
            spaces = tab_size - col % tab_size
            out.append(" " * spaces)
            col += spaces
        else:
            out.append(ch)
            col += 1
    return "".join(out)

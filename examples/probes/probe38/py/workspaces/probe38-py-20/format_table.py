def format_table(rows):
    """Lay out rows of string cells as text. Every column is padded on the
    right to the width of its widest cell, the cells of a row are joined by
    " | ", trailing spaces are removed from each line, and lines are joined
    by newlines. All rows have the same number of cells; no rows give "".
    >>> print(format_table([["id", "name"], ["7", "Ann"], ["12", "Bo"]]))
    id | name
    7  | Ann
    12 | Bo
    """
    if not rows:
        return ""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[c]) for c, cell in enumerate(row)]
        lines.append(" | ".join(cells).rstrip())
    return "\n".join(lines)

def transpose_ragged(rows, fill=None):
    """Transpose a list of rows of possibly different lengths. There is one
    output row per column of the longest input row; cells missing from
    shorter rows are filled with fill, so every output row has len(rows)
    items.
    >>> transpose_ragged([[1, 2, 3], [4]], 0)
    [[1, 4], [2, 0], [3, 0]]
    """
    if not rows:
        return []
    width = min(len(r) for r in rows)
    out = []
    for c in range(width):
        col = []
        for r in rows:
            col.append(r[c] if c < len(r) else fill)
        out.append(col)
    return out

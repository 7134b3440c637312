def flood_fill(grid: list, row: int, col: int, color: int) -> list:
    """Return a copy of grid (a list of equal-length rows of ints) in which the
    cell at (row, col) and every cell connected to it by up, down, left and
    right steps through cells of the same original value are set to color.
    The input grid is not modified.
    >>> flood_fill([[1, 1, 0], [1, 0, 0], [1, 1, 1]], 0, 0, 2)
    [[2, 2, 0], [2, 0, 0], [2, 2, 2]]
    >>> flood_fill([[0, 0], [0, 1]], 1, 1, 1)
    [[0, 0], [0, 1]]
    """
    out = [r[:] for r in grid]
    old = out[row][col]
    if old == color:
        return out
    stack = [(row, col)]
    while stack:
        r, c = stack.pop()
        if r < 0 or c < 0 or r >= len(out) or c >= len(out[0]):
            continue
        if out[r][c] != old:
            continue
        out[r][c] = color
        stack.extend([(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])
    return out

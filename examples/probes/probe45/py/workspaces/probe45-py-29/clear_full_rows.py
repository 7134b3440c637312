def clear_full_rows(grid, level=0):
    """Remove the completely filled rows of a Tetris-style board.

    `grid` is a list of equal-length strings, top row first, with "#" for a
    filled cell and "." for an empty one. Every row made only of "#" is
    removed, the rows above it fall down and as many empty rows are added at
    the top, so the board keeps its size. Returns (new_grid, points), where
    the points follow the original Nintendo scoring: 40, 100, 300 or 1200
    for clearing 1, 2, 3 or 4 (or more) rows at once, multiplied by
    level + 1, and 0 when nothing is cleared. The input is not modified."""
    if not grid:
        return [], 0
    width = len(grid[0])
    kept = [row for row in grid if row != "#" * width]
    cleared = len(grid) - len(kept)
    new_grid = []
    new_grid.extend(kept)
    base = [0, 40, 100, 300, 1200][min(cleared, 4)]
    return new_grid, base * (level + 1)

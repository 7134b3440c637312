def shift_grid(grid: list, k: int) -> list:
    """Shift every value of a non-empty grid k places forward in reading order
    (left to right, then top to bottom); values that fall off the end wrap
    around to the start. Return the new grid; the input is left unchanged.
    >>> shift_grid([[1, 2, 3], [4, 5, 6]], 1)
    [[6, 1, 2], [3, 4, 5]]
    >>> shift_grid([[1, 2], [3, 4]], 6)
    [[3, 4], [1, 2]]
    """
    rows, cols = len(grid), len(grid[0])
    flat = [x for row in grid for x in row]
    k %= len(flat)
    flat = flat[-k:] + flat[:-k]
    return [flat[r * cols:(r + 1) * cols] for r in range(rows)]

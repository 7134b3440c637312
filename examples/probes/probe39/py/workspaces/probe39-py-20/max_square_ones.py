def max_square_ones(grid: list) -> int:
    """Return the side length of the largest square made only of 1s in a grid
    of 0s and 1s (0 if the grid holds no 1).
    >>> max_square_ones([[1, 1, 0], [1, 1, 1], [0, 1, 1]])
    2
    >>> max_square_ones([[0, 0], [0, 0]])
    0
    """
    rows = len(grid)
    cols = len(grid[0]) if grid else 0
    size = [[0] * (cols + 1) for _ in range(rows + 1)]
    best = 0
    for i in range(rows):
        for j in range(cols):
            if grid[i][j] == 1:
                size[i + 1][j + 1] = 1 + min(size[i][j], size[i][j + 1])
                best = max(best, size[i + 1][j + 1])
    return best

def island_perimeter(grid: list) -> int:
    """grid is a list of equal-length rows of 0 (water) and 1 (land). Return
    the total length of the border between land and water, where each cell
    side has length 1 and everything outside the grid is water.
    >>> island_perimeter([[0, 1, 0, 0], [1, 1, 1, 0], [0, 1, 0, 0], [1, 1, 0, 0]])
    16
    >>> island_perimeter([[1, 1]])
    6
    """
    perimeter = 0
    for r in range(len(grid)):
        for c in range(len(grid[r])):
            if grid[r][c] != 1:
                continue
            perimeter += 4
            if r > 0 and grid[r - 1][c] == 1:
                perimeter -= 2
            if c > 0 and grid[r][c - 1] == 1:
                perimeter -= 2
    return perimeter

def crossword_numbers(grid):
    """Number the squares of a crossword grid.

    `grid` is a list of equal-length strings where "#" is a block and any
    other character an open square. An open square gets a number when it
    starts an across word (no open square to its left but one to its right)
    or a down word (no open square above it but one below it). Numbers
    1, 2, 3, ... are given in reading order (row by row, left to right).
    Return a dict mapping each number to a tuple
    (row, col, starts_across, starts_down)."""
    rows = len(grid)
    cols = len(grid[0]) if rows else 0

    def open_at(r, c):
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] != "#"

    numbers = {}
    n = 0
    for r in range(rows):
        for c in range(cols):
            if not open_at(r, c):
                continue
            across = not open_at(r, c - 1) and open_at(r, c + 1)
            down = not open_at(r - 1, c) and open_at(r, c + 1)
            if across or down:
                n += 1
                numbers[n] = (r, c, across, down)
    return numbers

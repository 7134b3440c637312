def life_step(grid: list) -> list:
    """Compute one generation of Conway's Game of Life on a bounded grid given
    as a list of equal-length strings ("#" alive, "." dead); cells outside the
    grid count as dead. Each cell has up to 8 neighbours (including diagonal
    ones). A live cell with 2 or 3 live neighbours stays alive, a dead cell
    with exactly 3 live neighbours becomes alive, and every other cell is dead
    in the next generation. Return the new grid in the same format.
    >>> life_step(["...", "###", "..."])
    ['.#.', '.#.', '.#.']
    """
    rows, cols = len(grid), len(grid[0])
    new_grid = []
    for r in range(rows):
        line = ""
        for c in range(cols):
            alive = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        alive += grid[r + dr][c + dc] == "#"
            if grid[r][c] == "#":
                line += "#" if alive in (2, 3) else "."
            else:
                line += "#" if alive == 3 else "."
        new_grid.append(line)
    return new_grid

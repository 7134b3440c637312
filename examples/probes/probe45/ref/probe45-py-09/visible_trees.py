def visible_trees(grid):
    """Count the trees that are visible from outside a rectangular grid.

    `grid` is a list of equal-length strings of digits, each digit the
    height of one tree. A tree is visible if, looking along its row or its
    column from at least one of the four edges, every tree between it and
    that edge is strictly shorter than it. Trees on the edge are therefore
    always visible. An empty grid has no visible trees."""
    if not grid:
        return 0
    rows, cols = len(grid), len(grid[0])
    heights = [[int(ch) for ch in row] for row in grid]
    count = 0
    for r in range(rows):
        for c in range(cols):
            h = heights[r][c]
            lines = [
                [heights[r][k] for k in range(c)],
                [heights[r][k] for k in range(c + 1, cols)],
                [heights[k][c] for k in range(r)],
                [heights[k][c] for k in range(r + 1, rows)],
            ]
            if any(all(t < h for t in line) for line in lines):
                count += 1
    return count

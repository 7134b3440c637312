def count_islands(grid: list) -> int:
    """The grid is a list of equal-length strings where "#" is land and "." is
    water. An island is a group of land cells connected horizontally or
    vertically (not diagonally). Return the number of islands.
    >>> count_islands(["#.#", ".#.", "#.#"])
    5
    >>> count_islands(["##.", ".##"])
    1
    """
    rows, cols = len(grid), len(grid[0]) if grid else 0
    seen = set()
    islands = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != "#" or (r, c) in seen:
                continue
            islands += 1
            seen.add((r, c))
            stack = [(r, c)]
            while stack:
                cr, cc = stack.pop()
                for nr, nc in ((cr + 1, cc), (cr - 1, cc), (cr, cc + 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == "#" and (nr, nc) not in seen:
                        seen.add((nr, nc))
                        stack.append((nr, nc))
    return islands

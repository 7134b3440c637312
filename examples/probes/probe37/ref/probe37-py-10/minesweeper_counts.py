def minesweeper_counts(board: list) -> list:
    """board is a list of equal-length strings in which "*" is a mine and
    "." an empty square. Return the board with every empty square replaced
    by the number of mines among its (up to eight) neighbours, or left as
    "." when there are none.
    >>> minesweeper_counts(["*..", "...", "..*"])
    ['*1.', '121', '.1*']
    """
    rows = len(board)
    cols = len(board[0]) if rows else 0
    result = []
    for r in range(rows):
        line = ""
        for c in range(cols):
            if board[r][c] == "*":
                line += "*"
                continue
            count = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < rows and 0 <= nc < cols and board[nr][nc] == "*":
                        count += 1
            line += str(count) if count else "."
        result.append(line)
    return result

def connect_four_drop(board: list, column: int) -> int:
    """board is a list of equal-length strings, the top row first, where "."
    is an empty cell. A disc dropped into column falls to the lowest empty
    cell of that column. Return the row index where it lands, or -1 when the
    column is full.
    >>> connect_four_drop(["...", "...", "X.."], 0)
    1
    >>> connect_four_drop(["...", "...", "X.."], 1)
    2
    >>> connect_four_drop(["X..", "O..", "X.."], 0)
    -1
    """
    for row in range(len(board) - 1, -1, -1):
        if board[row][column] == ".":
            return row
    return -1

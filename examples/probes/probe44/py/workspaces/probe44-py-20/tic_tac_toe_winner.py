def tic_tac_toe_winner(board):
    """Result of a tic-tac-toe position.

    board is a list of three 3-character strings using "X", "O" and "." for
    an empty cell. Returns "X" or "O" when that player has three in a row
    (a row, a column or either diagonal), "draw" when the board is full
    without a winner, and None while the game is still going.

    >>> tic_tac_toe_winner(["XOX", ".XO", "..X"])
    'X'
    """
    lines = list(board)
    lines += ["".join(board[r][c] for r in range(3)) for c in range(3)]
    lines.append("".join(board[i][i] for i in range(3)))
    for line in lines:
        if line in ("XXX", "OOO"):
            return line[0]
    if all("." not in row for row in board):
        return "draw"
    return None

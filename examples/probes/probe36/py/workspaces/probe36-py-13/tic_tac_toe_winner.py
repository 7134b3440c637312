def tic_tac_toe_winner(board: list) -> str:
    """Given a 3x3 tic-tac-toe board as three strings of 'X', 'O' and '.',
    return 'X' or 'O' if that player has three in a row (horizontally,
    vertically or diagonally), otherwise return ''. At most one player has a
    line.
    >>> tic_tac_toe_winner(["XXX", "OO.", "..."])
    'X'
    >>> tic_tac_toe_winner(["O.X", ".X.", "XO."])
    'X'
    >>> tic_tac_toe_winner(["XO.", "OX.", "..O"])
    ''
    """
    lines = [list(row) for row in board]
    lines += [[board[r][c] for r in range(3)] for c in range(3)]
    lines.append([board[i][i] for i in range(3)])
    for line in lines:
        if line[0] != "." and line[0] == line[1] == line[2]:
            return line[0]
    return ""

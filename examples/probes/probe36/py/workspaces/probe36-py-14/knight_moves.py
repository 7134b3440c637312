def knight_moves(square: str) -> int:
    """Return how many legal moves a chess knight has from `square`, given in
    algebraic notation ("a1" to "h8"), on an otherwise empty board.
    >>> knight_moves("a1")
    2
    >>> knight_moves("d4")
    8
    """
    col = ord(square[0]) - ord("a")
    row = int(square[1])
    count = 0
    for dc, dr in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]:
        c, r = col + dc, row + dr
        if 0 <= c < 8 and 0 <= r < 8:
            count += 1
    return count

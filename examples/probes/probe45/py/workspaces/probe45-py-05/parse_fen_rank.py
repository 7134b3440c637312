def parse_fen_rank(rank):
    """Expand one rank of a chess FEN position into an 8-character string.

    Piece letters ("pnbrqk" for black, "PNBRQK" for white) are kept as they
    are and a digit from 1 to 8 stands for that many empty squares, which
    are written as ".". Raise ValueError if the rank contains any other
    character or does not describe exactly 8 squares.

    >>> parse_fen_rank("r3k2r")
    'r...k..r'
    """
    squares = []
    for ch in rank:
        if ch in "12345678":
            squares.extend("." * int(ch))
        elif ch in "pnbrqkPNBRQK":
            squares.append(ch)
        else:
            raise ValueError("bad character %r in rank" % ch)
    return "".join(squares)

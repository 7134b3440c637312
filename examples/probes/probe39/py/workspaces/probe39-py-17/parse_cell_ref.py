def parse_cell_ref(ref: str) -> tuple:
    """Convert a spreadsheet cell reference such as "B3" or "aa10" (column
    letters in either case, then a 1-based row number) into a 0-based
    (row, column) pair. Columns run A..Z, then AA..AZ, BA, ... as in
    spreadsheets.
    >>> parse_cell_ref("A1")
    (0, 0)
    >>> parse_cell_ref("B3")
    (2, 1)
    >>> parse_cell_ref("AA10")
    (9, 26)
    """
    i = 0
    col = 0
    while i < len(ref) and ref[i].isalpha():
        col = col * 26 + (ord(ref[i].lower()) - ord("A") + 1)
        i += 1
    return int(ref[i:]) - 1, col - 1

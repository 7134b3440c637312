def pascal_row(n: int) -> list:
    """Return row n of Pascal's triangle, counting the top row [1] as row 0.
    Each row starts and ends with 1, and every other entry is the sum of the
    two entries above it in the previous row.
    >>> pascal_row(4)
    [1, 4, 6, 4, 1]
    """
    row = [1]
    for _ in range(n):
        next_row = [1]
        for j in range(1, len(row)):
            next_row.append(row[j - 1] + row[j])
        next_row.append(1)
        row = next_row
    return row

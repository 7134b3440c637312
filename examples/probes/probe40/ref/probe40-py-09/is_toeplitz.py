def is_toeplitz(matrix: list) -> bool:
    """Return True when every diagonal running from the top left to the bottom
    right holds a single repeated value, i.e. each cell equals the cell
    diagonally above and to the left of it. Empty matrices and single rows or
    columns are Toeplitz.
    >>> is_toeplitz([[1, 2, 3], [4, 1, 2], [5, 4, 1]])
    True
    >>> is_toeplitz([[1, 2], [2, 2]])
    False
    """
    for r in range(1, len(matrix)):
        for c in range(1, len(matrix[r])):
            if matrix[r][c] != matrix[r - 1][c - 1]:
                return False
    return True

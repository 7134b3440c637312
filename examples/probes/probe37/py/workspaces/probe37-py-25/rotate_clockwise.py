def rotate_clockwise(matrix: list) -> list:
    """Return a new matrix holding the given rectangular matrix (a list of
    equal-length rows) rotated 90 degrees clockwise. The input is left
    unchanged.
    >>> rotate_clockwise([[1, 2, 3], [4, 5, 6]])
    [[4, 1], [5, 2], [6, 3]]
    """
    if not matrix:
        return []
    rows, cols = len(matrix), len(matrix[0])
    result = []
    for c in range(cols):
        new_row = []
        for r in range(rows - 1, 0, -1):
            new_row.append(matrix[r][c])
        result.append(new_row)
    return result

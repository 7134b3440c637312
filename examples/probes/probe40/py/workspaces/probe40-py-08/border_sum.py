def border_sum(matrix: list) -> int:
    """Return the sum of the numbers on the outer border of a rectangular
    matrix (its first and last row and its first and last column), counting
    every cell once. An empty matrix has border sum 0.
    >>> border_sum([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    40
    >>> border_sum([[5]])
    5
    >>> border_sum([[1, 2], [3, 4], [5, 6]])
    21
    """
    if not matrix or not matrix[0]:
        return 0
    rows, cols = len(matrix), len(matrix[0])
    total = 0
    for r in range(rows):
        for c in range(cols):
            if r == 0 or r == cols - 1 or c == 0 or c == cols - 1:
                total += matrix[r][c]
    return total

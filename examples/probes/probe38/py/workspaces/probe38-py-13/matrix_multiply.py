def matrix_multiply(a, b):
    """Multiply matrix a (n x m) by matrix b (m x p), both given as lists of
    rows, and return the n x p product. Raise ValueError when the number of
    columns of a differs from the number of rows of b.
    >>> matrix_multiply([[1, 2], [3, 4]], [[5, 6], [7, 8]])
    [[19, 22], [43, 50]]
    >>> matrix_multiply([[1, 2, 3]], [[1], [0], [2]])
    [[7]]
    """
    if not a or len(a[0]) != len(b):
        raise ValueError("size mismatch")
    n, m, p = len(a), len(b), len(b[0])
    result = [[0] * p for _ in range(n)]
    for i in range(n):
        for j in range(p):
            total = 0
            for k in range(m):
                total += a[i][k] * b[j][k]
            result[i][j] = total
    return result

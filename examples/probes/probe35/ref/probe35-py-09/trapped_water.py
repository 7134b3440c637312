def trapped_water(heights: list) -> int:
    """The list gives the heights of adjacent columns of bricks, each one unit
    wide. After rain, water is trapped above a column up to the lower of the
    highest column on its left and the highest column on its right (including
    itself). Return the total amount of trapped water.
    >>> trapped_water([3, 0, 2, 0, 4])
    7
    """
    n = len(heights)
    if n == 0:
        return 0
    left_max = [0] * n
    right_max = [0] * n
    left_max[0] = heights[0]
    for i in range(1, n):
        left_max[i] = max(left_max[i - 1], heights[i])
    right_max[n - 1] = heights[n - 1]
    for i in range(n - 2, -1, -1):
        right_max[i] = max(right_max[i + 1], heights[i])
    return sum(min(left_max[i], right_max[i]) - heights[i] for i in range(n))

def pivot_index(nums: list) -> int:
    """Return the smallest index i such that the sum of the numbers left of i
    equals the sum of the numbers right of i (an empty side sums to 0), or -1
    if there is no such index.
    >>> pivot_index([1, 7, 3, 6, 5, 6])
    3
    >>> pivot_index([2, 1, -1])
    0
    """
    total = sum(nums)
    left = 0
    for i, x in enumerate(nums):
        if i > 0 and left == total - left - x:
            return i
        left += x
    return -1

def max_subarray_sum(nums: list) -> int:
    """Return the largest sum of a non-empty run of consecutive elements of
    nums (nums has at least one element). When every element is negative the
    answer is the largest single element.
    >>> max_subarray_sum([-2, 1, -3, 4, -1, 2, 1, -5, 4])
    6
    >>> max_subarray_sum([-3, -1, -2])
    -1
    """
    best = 0
    current = nums[0]
    for x in nums[1:]:
        current = max(x, current + x)
        best = max(best, current)
    return best

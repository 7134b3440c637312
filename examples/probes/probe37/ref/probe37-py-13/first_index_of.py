def first_index_of(sorted_nums: list, target: int) -> int:
    """Return the index of the first occurrence of target in the
    non-decreasing list sorted_nums, or -1 if it does not occur, using
    binary search.
    >>> first_index_of([1, 2, 2, 2, 3], 2)
    1
    >>> first_index_of([1, 3, 5], 4)
    -1
    """
    lo, hi = 0, len(sorted_nums)
    while lo < hi:
        mid = (lo + hi) // 2
        if sorted_nums[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(sorted_nums) and sorted_nums[lo] == target:
        return lo
    return -1

def lis_length(nums) -> int:
    """Return the length of the longest strictly increasing subsequence of
    nums (its elements need not be adjacent); 0 for an empty list.
    >>> lis_length([10, 9, 2, 5, 3, 7, 101, 18])
    4
    >>> lis_length([7, 7, 7])
    1
    """
    if not nums:
        return 0
    best = [1] * len(nums)
    for i in range(1, len(nums)):
        for j in range(i):
            if best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return max(best)

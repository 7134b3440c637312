def second_largest(nums: list):
    """Return the second largest distinct value in nums, or None when nums
    has fewer than two distinct values.
    >>> second_largest([3, 1, 4, 1, 5])
    4
    >>> second_largest([7, 7, 7]) is None
    True
    """
    first = None
    second = None
    for x in nums:
        if first is None or x > first:
            second = first
            first = x
        elif x == first:
            second = x
        elif x < first and (second is None or x > second):
            second = x
    return second

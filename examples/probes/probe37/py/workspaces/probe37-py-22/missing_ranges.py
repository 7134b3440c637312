def missing_ranges(nums: list, lo: int, hi: int) -> list:
    """nums is a sorted list of distinct integers that all lie in [lo, hi].
    Return, in order, the ranges of numbers in [lo, hi] that are not in
    nums: a single missing number x is written "x" and a run of missing
    numbers from a to b is written "a->b".
    >>> missing_ranges([0, 1, 3, 50, 75], 0, 99)
    ['2', '4->49', '51->74', '76->99']
    >>> missing_ranges([], 1, 1)
    ['1']
    """
    result = []
    prev = lo - 1
    for x in nums + [hi + 1]:
        if x - prev > 2:
            a, b = prev + 1, x - 1
            result.append(str(a) if a == b else f"{a}->{b}")
        prev = x
    return result

def merge_sorted(a: list, b: list) -> list:
    """Merge two lists, each sorted in non-decreasing order, into one sorted
    list that holds every element of both (duplicates are kept).
    >>> merge_sorted([1, 4, 9], [2, 3, 10, 11])
    [1, 2, 3, 4, 9, 10, 11]
    >>> merge_sorted([1, 1], [1])
    [1, 1, 1]
    """
    result = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            result.append(a[i])
            i += 1
        else:
            result.append(b[j])
            j += 1
    result.extend(a[i:])
    return result

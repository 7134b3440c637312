def selection_sort(items):
    """Return a new list holding the items in ascending order, sorted with
    selection sort; the input list is left unchanged.
    >>> selection_sort([3, 1, 2])
    [1, 2, 3]
    >>> selection_sort([5, -1, 5, 0])
    [-1, 0, 5, 5]
    """
    result = list(items)
    n = len(result)
    for i in range(n - 1):
        smallest = i
        for j in range(i + 1, n):
            if result[j] < result[i]:
                smallest = j
        result[i], result[smallest] = result[smallest], result[i]
    return result

import heapq


def merge_k_sorted(lists):
    """Merge several ascending lists into one ascending list that holds every
    element of every list.
    >>> merge_k_sorted([[1, 4, 7], [2, 5], [3, 6, 9]])
    [1, 2, 3, 4, 5, 6, 7, 9]
    >>> merge_k_sorted([[], [1], []])
    [1]
    """
    heap = [(lst[0], i, 0) for i, lst in enumerate(lists) if lst]
    heapq.heapify(heap)
    merged = []
    while heap:
        value, i, j = heapq.heappop(heap)
        merged.append(value)
        if j + 1 < len(lists[i]):
            heapq.heappush(heap, (lists[i][j + 1], i, j + 1))
    return merged

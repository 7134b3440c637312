def chunk_list(items: list, size: int) -> list:
    """Split items into consecutive chunks of size elements each (size is
    at least 1); the last chunk holds whatever is left and may be shorter.
    >>> chunk_list([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    >>> chunk_list([], 3)
    []
    """
    chunks = []
    current = []
    for item in items:
        current.append(item)
        if len(current) == size:
            chunks.append(current)
            current = []
    if current:
        chunks.append(current)
    return chunks

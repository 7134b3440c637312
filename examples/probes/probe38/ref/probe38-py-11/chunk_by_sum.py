def chunk_by_sum(nums, limit):
    """Split nums, in order, into consecutive chunks greedily: a number joins
    the current chunk while the chunk's sum stays at most limit, otherwise it
    starts a new chunk. A number larger than limit forms a chunk on its own.
    >>> chunk_by_sum([1, 2, 3, 4, 5], 5)
    [[1, 2], [3], [4], [5]]
    >>> chunk_by_sum([7, 1, 1], 5)
    [[7], [1, 1]]
    """
    chunks = []
    current = []
    total = 0
    for x in nums:
        if current and total + x > limit:
            chunks.append(current)
            current = []
            total = 0
        current.append(x)
        total += x
    if current:
        chunks.append(current)
    return chunks

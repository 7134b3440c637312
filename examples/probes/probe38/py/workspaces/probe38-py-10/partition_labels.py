def partition_labels(s: str) -> list:
    """Split s into as many consecutive parts as possible so that each letter
    appears in at most one part, and return the lengths of the parts in order.
    >>> partition_labels("ababcbacadefegdehijhklij")
    [9, 7, 8]
    >>> partition_labels("abc")
    [1, 1, 1]
    """
    last = {ch: i for i, ch in enumerate(s)}
    sizes = []
    start = end = 0
    for i, ch in enumerate(s):
        end = max(end, last[ch])
        if i == end:
            sizes.append(end - start + 1)
            start = i
    return sizes

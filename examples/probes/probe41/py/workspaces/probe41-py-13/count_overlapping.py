def count_overlapping(text: str, sub: str) -> int:
    """Count the occurrences of sub in text, overlapping ones included
    ("aa" occurs three times in "aaaa"). An empty sub occurs 0 times.
    >>> count_overlapping("aaaa", "aa")
    3
    >>> count_overlapping("abababa", "aba")
    3
    >>> count_overlapping("hello", "xyz")
    0
    """
    if not sub:
        return 0
    count = 0
    pos = text.find(sub)
    while pos != -1:
        count += 1
        pos += len(sub) - 1
        pos = text.find(sub, pos + 1)
    return count

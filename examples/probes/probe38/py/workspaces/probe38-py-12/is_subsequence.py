def is_subsequence(small: str, big: str) -> bool:
    """Return True when small can be obtained from big by deleting zero or
    more characters of big without reordering the others.
    >>> is_subsequence("ace", "abcde")
    True
    >>> is_subsequence("aec", "abcde")
    False
    >>> is_subsequence("", "xyz")
    True
    """
    i = 0
    for ch in big:
        if i < len(small) and small[i] == ch:
            i += 1
    return i == len(big)

def match_positions(small: str, big: str):
    """Look for small as a subsequence of big, matching every character of
    small to the earliest position of big after the previous match. Return
    the list of matched positions, or None when small is not a subsequence
    of big.
    >>> match_positions("ace", "abcde")
    [0, 2, 4]
    >>> match_positions("aec", "abcde") is None
    True
    """
    positions = []
    start = 0
    for ch in small:
        idx = big.find(ch, start)
        if idx == -1:
            return None
        positions.append(idx)
        start = idx
    return positions

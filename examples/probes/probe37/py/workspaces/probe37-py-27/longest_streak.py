def longest_streak(results: str, ch: str) -> int:
    """Return the length of the longest run of consecutive characters equal
    to ch in the string results (0 if ch does not occur).
    >>> longest_streak("WWLWWWLW", "W")
    3
    >>> longest_streak("LLL", "W")
    0
    """
    best = 0
    current = 0
    for c in results:
        if c == ch:
            current += 1
            if current > best:
                best = current
    return best

def count_runs(s: str) -> int:
    """Return the number of maximal runs of equal adjacent characters in s.
    Characters are compared exactly, so upper- and lower-case letters differ.
    >>> count_runs("aaabccdd")
    4
    >>> count_runs("aA")
    2
    >>> count_runs("")
    0
    """
    runs = 0
    prev = None
    for ch in s:
        if ch != prev:
            runs += 1
            prev = ch
    return runs

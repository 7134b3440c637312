def levenshtein(a: str, b: str) -> int:
    """Return the edit distance between a and b: the smallest number of
    single-character insertions, deletions and substitutions that turn a into b.
    >>> levenshtein("kitten", "sitting")
    3
    >>> levenshtein("flaw", "lawn")
    2
    """
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev = cur
    return prev[len(b)]

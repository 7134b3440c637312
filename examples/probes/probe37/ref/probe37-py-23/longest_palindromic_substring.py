def longest_palindromic_substring(s: str) -> str:
    """Return the longest substring of s that reads the same forwards and
    backwards. When several have the greatest length, return the one that
    starts first. The empty string gives "".
    >>> longest_palindromic_substring("babad")
    'bab'
    >>> longest_palindromic_substring("cbbd")
    'bb'
    """
    best_start, best_len = 0, 0
    for center in range(len(s)):
        for lo, hi in ((center, center), (center, center + 1)):
            while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
                lo -= 1
                hi += 1
            length = hi - lo - 1
            if length > best_len:
                best_start, best_len = lo + 1, length
    return s[best_start:best_start + best_len]

def longest_common_substring(a, b):
    """Return the longest string that occurs contiguously in both a and b;
    among several of that length, the one that ends first in a. Returns ""
    when the strings share no character.
    >>> longest_common_substring("xabcdy", "zzbcdabz")
    'bcd'
    """
    best_len = 0
    best_end = 0
    prev = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        cur = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best_len:
                    best_len = cur[j]
                    best_end = i
        prev = cur
    return a[best_end - best_len:best_end]

def next_palindrome(n):
    """Return the smallest palindromic number strictly greater than n (n >= 0).
    >>> next_palindrome(123)
    131
    >>> next_palindrome(99)
    101
    """
    s = str(n + 1)
    length = len(s)
    half = s[:(length + 1) // 2]
    candidate = int(half + half[:length // 2][::-1])
    if candidate >= n + 1:
        return candidate
    half = str(int(half) + 1)
    return int(half + half[:length // 2][::-1])

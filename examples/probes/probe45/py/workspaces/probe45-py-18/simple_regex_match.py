def simple_regex_match(text, pattern):
    """Return True if `pattern` matches the whole of `text`.

    The pattern language has literal characters, "." (any single character)
    and "*" (zero or more repetitions of the preceding literal or "."); a "*"
    always follows a literal or a "."."""
    n, m = len(text), len(pattern)
    # dp[i][j] is True when text[i:] matches pattern[j:]
    dp = [[False] * (m + 1) for _ in range(n + 1)]
    dp[n][m] = True
    for i in range(n, -1, -1):
        for j in range(m - 1, -1, -1):
            first = i < n and pattern[j] in (text[i], ".")
            if j + 1 < m and pattern[j + 1] == "*":
                dp[i][j] = dp[i][j + 2] or (first and dp[i + 1][j + 2])
            else:
                dp[i][j] = first and dp[i + 1][j + 1]
    return dp[0][0]

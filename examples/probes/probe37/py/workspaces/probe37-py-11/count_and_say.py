def count_and_say(n: int) -> str:
    """Return the n-th term (n >= 1) of the look-and-say sequence. The first
    term is "1"; every next term reads the previous one aloud, run by run of
    equal digits, as "count digit".
    >>> count_and_say(4)
    '1211'
    >>> count_and_say(5)
    '111221'
    """
    term = "1"
    for _ in range(n):
        parts = []
        count = 1
        for i in range(1, len(term) + 1):
            if i < len(term) and term[i] == term[i - 1]:
                count += 1
            else:
                parts.append(str(count) + term[i - 1])
                count = 1
        term = "".join(parts)
    return term

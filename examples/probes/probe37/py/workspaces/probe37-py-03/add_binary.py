def add_binary(a: str, b: str) -> str:
    """Add two non-negative numbers written in binary (strings of 0s and 1s,
    possibly empty or with leading zeros) and return the sum in binary
    without leading zeros; a zero sum is "0".
    >>> add_binary("11", "1")
    '100'
    >>> add_binary("1010", "1011")
    '10101'
    """
    i, j = len(a) - 1, len(b) - 1
    carry = 0
    digits = []
    while i >= 0 or j >= 0:
        total = carry
        if i >= 0:
            total += int(a[i])
            i -= 1
        if j >= 0:
            total += int(b[j])
            j -= 1
        digits.append(str(total % 2))
        carry = total // 2
    result = "".join(reversed(digits)).lstrip("0")
    return result or "0"

def remove_k_digits(num: str, k: int) -> str:
    """Remove exactly k digits (k <= len(num)) from the decimal string num so
    that the number left is as small as possible. Leading zeros are dropped
    from the answer, and an empty result is "0".
    >>> remove_k_digits("1432219", 3)
    '1219'
    >>> remove_k_digits("10200", 1)
    '200'
    >>> remove_k_digits("12345", 2)
    '123'
    """
    stack = []
    for d in num:
        while k > 0 and stack and stack[-1] > d:
            stack.pop()
            k -= 1
        stack.append(d)
    if k > 0:
        stack = stack[:-k]
    return "".join(stack).lstrip("0") or "0"

def decode_repeat(s: str) -> str:
    """Expand an encoded string in which k[text] stands for text repeated k
    times. Brackets can be nested and k is a positive integer of one or more
    digits. Characters outside brackets are copied as they are.
    >>> decode_repeat("3[a]2[bc]")
    'aaabcbc'
    >>> decode_repeat("3[a2[c]]")
    'accaccacc'
    """
    stack = []
    current = ""
    num = 0
    for ch in s:
        if ch.isdigit():
            num = num * 10 + int(ch)
        elif ch == "[":
            stack.append((current, num))
            current = ""
            num = 0
        elif ch == "]":
            prev, k = stack.pop()
            current = prev + current * k
        else:
            current += ch
    return current

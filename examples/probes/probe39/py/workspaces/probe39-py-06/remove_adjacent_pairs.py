def remove_adjacent_pairs(s: str) -> str:
    """Repeatedly remove pairs of equal adjacent characters from s until no
    such pair remains, and return what is left.
    >>> remove_adjacent_pairs("abbaca")
    'ca'
    >>> remove_adjacent_pairs("azxxzy")
    'ay'
    """
    stack = []
    for ch in s:
        if stack and stack[0] == ch:
            stack.pop()
        else:
            stack.append(ch)
    return "".join(stack)

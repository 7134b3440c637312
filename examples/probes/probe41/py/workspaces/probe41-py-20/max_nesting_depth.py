def max_nesting_depth(text: str) -> int:
    """Return the greatest nesting depth of round brackets in text (other
    characters are ignored), or -1 when the brackets are unbalanced: a ")"
    without a matching "(" before it, or a "(" that is never closed.
    >>> max_nesting_depth("(a(b)(c(d)))")
    3
    >>> max_nesting_depth("no brackets")
    0
    >>> max_nesting_depth("(()")
    -1
    """
    depth = 0
    deepest = 0
    for ch in text:
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return -1
    return deepest

def min_add_to_balance(s: str) -> int:
    """Return the smallest number of parentheses that must be inserted into s
    (a string of '(' and ')' characters) to make it balanced.
    >>> min_add_to_balance("())")
    1
    >>> min_add_to_balance("(((")
    3
    >>> min_add_to_balance(")(")
    2
    """
    open_count = 0
    inserts = 0
    for ch in s:
        if ch == "(":
            open_count += 1
        elif open_count > 0:
            open_count -= 1
        else:
            inserts += 1
    return inserts + open_count

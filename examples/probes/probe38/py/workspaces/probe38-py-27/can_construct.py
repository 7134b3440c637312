def can_construct(note: str, magazine: str) -> bool:
    """Return True when every character of note can be cut out of magazine,
    each magazine character used at most once. Case matters, and spaces in
    note need nothing from the magazine.
    >>> can_construct("aa", "aab")
    True
    >>> can_construct("aa", "ab")
    False
    >>> can_construct("a b", "ab")
    True
    """
    available = {}
    for ch in magazine:
        available[ch] = available.get(ch, 0) + 1
    for ch in note:
        if ch == " ":
            continue
        if ch not in available:
            continue
        if available.get(ch, 0) == 0:
            return False
        available[ch] -= 1
    return True

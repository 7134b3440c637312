def valid_mac_address(s: str) -> bool:
    """Return True if s is a MAC address written as six groups of two
    hexadecimal digits, separated either all by ":" or all by "-". Letters
    may be upper or lower case.
    >>> valid_mac_address("00:1A:2b:3C:4d:5E")
    True
    >>> valid_mac_address("00-1A-2B-3C-4D-5E")
    True
    >>> valid_mac_address("00:1A-2B:3C:4D:5E")
    False
    """
    if len(s) != 17:
        return False
    sep = s[2]
    if sep not in ":-":
        return False
    groups = s.split(sep)
    if len(groups) != 6:
        return False
    return all(len(g) == 2 and all(c in "0123456789abcdefABCDEF" for c in g) for g in groups)

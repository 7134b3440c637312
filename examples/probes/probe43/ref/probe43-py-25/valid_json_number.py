def valid_json_number(s):
    """Return True when s is a number literal as JSON defines it: an
    optional minus, an integer part that is "0" or starts with 1-9, an
    optional fraction ("." and one or more digits) and an optional exponent
    ("e" or "E", an optional sign, one or more digits).
    >>> valid_json_number("-12.5e+3")
    True
    """
    digits = "0123456789"
    i = 0
    n = len(s)
    if i < n and s[i] == "-":
        i += 1
    if i < n and s[i] == "0":
        i += 1
    elif i < n and s[i] in "123456789":
        while i < n and s[i] in digits:
            i += 1
    else:
        return False
    if i < n and s[i] == ".":
        i += 1
        start = i
        while i < n and s[i] in digits:
            i += 1
        if i == start:
            return False
    if i < n and s[i] in "eE":
        i += 1
        if i < n and s[i] in "+-":
            i += 1
        start = i
        while i < n and s[i] in digits:
            i += 1
        if i == start:
            return False
    return i == n

def increment_suffix(name):
    """Increase the number at the end of name by one, keeping its zero
    padding width; a name without a trailing number gets "1" appended.
    >>> increment_suffix("file9")
    'file10'
    >>> increment_suffix("img007")
    'img008'
    >>> increment_suffix("draft")
    'draft1'
    """
    i = len(name)
    while i > 0 and name[i - 1].isdigit():
        i -= 1
    stem, digits = name[:i], name[i:]
    if not digits:
        return stem + "1"
    width = len(digits)
    return stem + str(int(digits) + 1).zfill(width)

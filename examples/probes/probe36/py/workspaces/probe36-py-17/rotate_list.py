def rotate_list(items: list, k: int) -> list:
    """Return a new list with the items rotated k places to the right (items
    that fall off the end come back at the front). k may be larger than the
    length of the list, or negative to rotate to the left.
    >>> rotate_list([1, 2, 3, 4, 5], 2)
    [4, 5, 1, 2, 3]
    >>> rotate_list([1, 2, 3], 4)
    [3, 1, 2]
    """
    if not items:
        return []
    return items[-k:] + items[:-k]

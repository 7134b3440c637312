def forward_fill(values: list, limit: int) -> list:
    """Replace each None in values by the most recent non-None value before
    it, but fill at most limit consecutive Nones after each real value; Nones
    beyond that limit, and Nones before the first real value, stay None.
    >>> forward_fill([1, None, None, 4], 5)
    [1, 1, 1, 4]
    >>> forward_fill([None, 2, None, None, None], 2)
    [None, 2, 2, 2, None]
    >>> forward_fill([3, None, 5, None], 1)
    [3, 3, 5, 5]
    """
    out = []
    last = None
    gap = 0
    for value in values:
        if value is None:
            gap += 1
            out.append(last if gap <= limit else None)
        else:
            last = value
            out.append(value)
    return out

def unique_in_order(seq) -> list:
    """Return the elements of seq (a string or a list) with every run of
    consecutive equal elements reduced to one element. Order is kept, and
    equal elements that are not next to each other all stay.
    >>> unique_in_order("AAAABBBCCDAABBB")
    ['A', 'B', 'C', 'D', 'A', 'B']
    >>> unique_in_order([1, 2, 2, 3, 3])
    [1, 2, 3]
    """
    result = []
    for x in seq:
        if result and result[-1] == x:
            continue
        result.append(x)
    return result

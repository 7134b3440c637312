def interleave_lists(a, b):
    """Alternate the elements of a and b, starting with a; once one list runs
    out, the rest of the other follows in order.
    >>> interleave_lists([1, 2, 3], ["x", "y"])
    [1, 'x', 2, 'y', 3]
    >>> interleave_lists([], [4, 5])
    [4, 5]
    """
    out = []
    shared = max(len(a), len(b))
    for i in range(shared):
        out.append(a[i])
        out.append(b[i])
    out.extend(a[shared:])
    out.extend(b[shared:])
    return out

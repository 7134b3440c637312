def expand_ranges(spec: str) -> list:
    """Expand a comma-separated list of numbers and ranges, such as "1-3,5,8-9",
    into the list of all the integers it names, in order of appearance. A range
    "a-b" includes both a and b. An empty string gives an empty list.
    >>> expand_ranges("1-3,5")
    [1, 2, 3, 5]
    """
    result = []
    if not spec:
        return result
    for part in spec.split(","):
        if "-" in part:
            low, high = part.split("-")
            result.extend(range(int(low), int(high) + 1))
        else:
            result.append(int(part))
    return result

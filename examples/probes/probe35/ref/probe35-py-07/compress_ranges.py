def compress_ranges(numbers: list) -> str:
    """Given a sorted list of distinct non-negative integers, describe it as a
    comma-separated string in which every run of two or more consecutive
    integers is written as "first-last" and every other number on its own.
    An empty list gives an empty string.
    >>> compress_ranges([1, 2, 3, 5, 7, 8])
    '1-3,5,7-8'
    >>> compress_ranges([4])
    '4'
    """
    if not numbers:
        return ""
    parts = []
    start = previous = numbers[0]
    for n in numbers[1:]:
        if n == previous + 1:
            previous = n
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = n
    parts.append(str(start) if start == previous else f"{start}-{previous}")
    return ",".join(parts)

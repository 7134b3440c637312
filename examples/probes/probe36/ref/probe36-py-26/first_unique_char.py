def first_unique_char(text: str) -> int:
    """Return the index of the first character that occurs exactly once in
    `text`, or -1 if there is none. Every character counts, including digits,
    spaces and punctuation; upper and lower case letters are different.
    >>> first_unique_char("swiss")
    1
    >>> first_unique_char("aabb")
    -1
    >>> first_unique_char("aA")
    0
    """
    counts = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    for i, ch in enumerate(text):
        if counts[ch] == 1:
            return i
    return -1

def is_word_ladder(words: list) -> bool:
    """Return True when each word in the list is one step from the next one:
    consecutive words must have the same length and differ in exactly one
    position. A list of zero or one word is a valid ladder.
    >>> is_word_ladder(["cold", "cord", "card", "ward", "warm"])
    True
    >>> is_word_ladder(["cat", "cot", "cot"])
    False
    >>> is_word_ladder(["cat", "cots"])
    False
    """
    for a, b in zip(words, words[1:]):
        changes = sum(1 for x, y in zip(a, b) if x != y)
        if changes != 1:
            return False
    return True

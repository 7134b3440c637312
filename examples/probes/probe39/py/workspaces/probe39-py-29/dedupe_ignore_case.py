def dedupe_ignore_case(words: list) -> list:
    """Return the words without repeats, where two words that differ only in
    letter case count as the same word. The first spelling seen is kept and
    the original order is preserved.
    >>> dedupe_ignore_case(["Apple", "apple", "Banana", "APPLE", "banana"])
    ['Apple', 'Banana']
    >>> dedupe_ignore_case(["b", "a", "B"])
    ['b', 'a']
    """
    seen = set()
    result = []
    for word in words:
        key = word.lower()
        if key in seen:
            continue
        result.append(word)
    return result

def dedupe_preserve_case(words):
    """Drop case-insensitive duplicates, keeping the first spelling seen.

    Words are compared with str.casefold(), so "Straße" and "STRASSE" count
    as the same word. The order of first appearances is preserved.

    >>> dedupe_preserve_case(["Apple", "apple", "Banana", "APPLE", "banana"])
    ['Apple', 'Banana']
    """
    seen = set()
    result = []
    for word in words:
        key = word.casefold()
        if key in seen:
            continue
        seen.add(key)
        result.append(word)
    return result

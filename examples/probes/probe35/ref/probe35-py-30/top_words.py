def top_words(text: str, n: int) -> list:
    """Return the n most frequent words of the text as (word, count) pairs.
    Words are maximal runs of letters; they are compared case-insensitively
    and returned in lower case. The pairs are ordered by decreasing count, and
    words with the same count alphabetically. Fewer than n pairs are returned
    if the text has fewer distinct words.
    >>> top_words("The cat and the hat.", 2)
    [('the', 2), ('and', 1)]
    """
    counts = {}
    word = ""
    for ch in text + " ":
        if ch.isalpha():
            word += ch.lower()
        elif word:
            counts[word] = counts.get(word, 0) + 1
            word = ""
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:n]

def most_frequent_bigram(text: str) -> str:
    """Return the most common pair of adjacent letters inside the words of
    text. Words are maximal runs of letters, compared in lower case, and a
    pair never spans two words. Ties go to the pair that appears first.
    Return "" when there is no pair.
    >>> most_frequent_bigram("the then there")
    'th'
    >>> most_frequent_bigram("ab, ba ab")
    'ab'
    >>> most_frequent_bigram("a b c")
    ''
    """
    counts = {}
    word = ""
    for ch in text.lower() + " ":
        if ch.isalpha():
            word += ch
            continue
        for i in range(len(word) - 1):
            pair = word[i:i + 2]
            counts[pair] = counts.get(pair, 0) + 1
        word = ""
    best = ""
    for pair, count in counts.items():
        if best == "" or count > counts[best]:
            best = pair
    return best

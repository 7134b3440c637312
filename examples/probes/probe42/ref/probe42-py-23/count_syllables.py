def count_syllables(word):
    """Estimate the number of syllables of an English word: count the groups
    of consecutive vowels (a, e, i, o, u, y), drop one for a silent final "e"
    (but not for a final "le"), and never return less than 1 for a word.
    Surrounding punctuation is ignored; an empty word has 0 syllables.
    >>> count_syllables("cake")
    1
    >>> count_syllables("table")
    2
    """
    w = word.lower().strip(".,;:!?\"'")
    if not w:
        return 0
    count = 0
    prev = False
    for ch in w:
        is_vowel = ch in "aeiouy"
        if is_vowel and not prev:
            count += 1
        prev = is_vowel
    if w.endswith("e") and not w.endswith("le") and count > 1:
        count -= 1
    return max(count, 1)

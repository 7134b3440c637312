def make_acronym(phrase: str) -> str:
    """Return the acronym of a phrase: the first letter of every word, in upper
    case. Words are separated by spaces or hyphens, and every word counts, even
    a short one such as "of" or "on".
    >>> make_acronym("Portable Network Graphics")
    'PNG'
    >>> make_acronym("complementary metal-oxide semiconductor")
    'CMOS'
    """
    letters = []
    for word in phrase.replace("-", " ").split():
        letters.append(word[0].upper())
    return "".join(letters)

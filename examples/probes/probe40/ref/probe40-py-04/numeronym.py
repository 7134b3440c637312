def numeronym(word: str) -> str:
    """Abbreviate a word as its first letter, the number of letters between
    the first and the last letter, and its last letter. Words shorter than
    four letters are returned unchanged.
    >>> numeronym("internationalization")
    'i18n'
    >>> numeronym("word")
    'w2d'
    >>> numeronym("cat")
    'cat'
    """
    if len(word) < 4:
        return word
    return word[0] + str(len(word) - 2) + word[-1]

def title_case(sentence: str, minor_words: list) -> str:
    """Return the sentence in title case: every word gets its first letter in
    upper case and the rest in lower case, except the minor words (compared
    case-insensitively), which are written all in lower case. The first word
    of the sentence is always capitalized, even if it is a minor word. Words
    are separated by single spaces in the result.
    >>> title_case("the lord OF the rings", ["of", "the"])
    'The Lord of the Rings'
    """
    minor = {word.lower() for word in minor_words}
    result = []
    for index, word in enumerate(sentence.split()):
        lower = word.lower()
        if lower in minor:
            result.append(lower)
        else:
            result.append(lower.capitalize())
    return " ".join(result)

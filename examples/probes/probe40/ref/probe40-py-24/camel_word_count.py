def camel_word_count(name: str) -> int:
    """Count the words of a camelCase or PascalCase identifier: a word starts
    at the first character and at every upper-case letter. Digits belong to
    the word they follow. An empty name has no words.
    >>> camel_word_count("parseHttpRequest")
    3
    >>> camel_word_count("Value2Go")
    2
    >>> camel_word_count("x")
    1
    """
    if not name:
        return 0
    count = 1
    for ch in name[1:]:
        if ch.isupper():
            count += 1
    return count

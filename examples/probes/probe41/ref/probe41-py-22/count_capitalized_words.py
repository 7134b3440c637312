def count_capitalized_words(text: str) -> int:
    """Count the whitespace-separated words of text whose first character is
    an upper-case letter, ignoring any opening quotes or brackets ('"', "'",
    "(") in front of the word.
    >>> count_capitalized_words("Alice met Bob in Paris")
    3
    >>> count_capitalized_words('He said "Hello" to NASA')
    3
    >>> count_capitalized_words("(Maybe) not")
    1
    """
    count = 0
    for word in text.split():
        word = word.lstrip("\"'(")
        if word and word[0].isupper():
            count += 1
    return count

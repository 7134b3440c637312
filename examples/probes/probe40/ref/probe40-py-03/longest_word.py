def longest_word(text: str) -> str:
    """Return the longest word in text. Words are separated by whitespace,
    and the punctuation characters .,;:!? at either end of a word are not
    part of it. If several words share the greatest length, the first of them
    wins. Return "" for a text without words.
    >>> longest_word("The quick brown fox.")
    'quick'
    >>> longest_word("hi, yo!")
    'hi'
    >>> longest_word("")
    ''
    """
    best = ""
    for raw in text.split():
        word = raw.strip(".,;:!?")
        if len(word) > len(best):
            best = word
    return best

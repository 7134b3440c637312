def count_words_by_length(text: str) -> dict:
    """Count the words of text by length. Words are separated by whitespace
    and lose any leading or trailing characters from .,;:!?"'()- before they
    are measured; a token made only of such characters is not a word. Return
    {length: count} with the lengths in increasing order.
    >>> count_words_by_length("Hi, there! A test - ok?")
    {1: 1, 2: 2, 4: 1, 5: 1}
    """
    counts = {}
    for token in text.split():
        word = token.strip(".,;:!?\"'()-")
        counts[len(word)] = counts.get(len(word), 0) + 1
    return dict(sorted(counts.items()))

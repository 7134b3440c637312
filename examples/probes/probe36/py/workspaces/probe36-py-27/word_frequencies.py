def word_frequencies(text: str) -> dict:
    """Count how often each word occurs in `text`. Words are separated by
    whitespace and compared in lower case; the punctuation marks .,;:!?"' at
    either end of a word are removed, and a word left empty is not counted.
    >>> word_frequencies("The cat saw the dog.")
    {'the': 2, 'cat': 1, 'saw': 1, 'dog': 1}
    >>> word_frequencies("I think, therefore I am!")
    {'i': 2, 'think': 1, 'therefore': 1, 'am': 1}
    """
    counts = {}
    for raw in text.split():
        word = raw.strip(".,;:!?\"'").lower()
        if word and len(word) > 1:
            counts[word] = counts.get(word, 0) + 1
    return counts

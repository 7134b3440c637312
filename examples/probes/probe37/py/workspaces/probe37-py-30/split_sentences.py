def split_sentences(text: str) -> list:
    """Split text into sentences. A sentence ends with ".", "!" or "?", and
    the mark stays with it; a trailing piece without an end mark is a
    sentence too. Whitespace around each sentence is removed and empty
    sentences are dropped; sentences are otherwise kept as written.
    >>> split_sentences("Hi there. How are you?  fine!")
    ['Hi there.', 'How are you?', 'fine!']
    """
    sentences = []
    current = ""
    for ch in text:
        current += ch
        if ch in ".!?":
            sentence = current.strip()
            sentence = sentence.capitalize()
            if sentence:
                sentences.append(sentence)
            current = ""
    rest = current.strip()
    if rest:
        sentences.append(rest)
    return sentences

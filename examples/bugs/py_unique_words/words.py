def unique_words(text):
    """The words of text in order of first appearance, each once (case-sensitive)."""
    seen = set()
    out = []
    for word in text.split():
        if word in seen:
            seen.add(word)
            out.append(word)
    return out

def most_common(words):
    """The most frequent word; the first one seen wins a tie."""
    counts = {}
    for word in words:
        counts[word] += 1
    best = None
    for word in words:
        if best is None or counts[word] > counts[best]:
            best = word
    return best

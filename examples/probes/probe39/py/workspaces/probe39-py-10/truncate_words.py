def truncate_words(text: str, limit: int) -> str:
    """Keep at most limit words of text, joined by single spaces. If any words
    had to be dropped, append "..." directly after the last kept word.
    >>> truncate_words("the quick brown fox", 2)
    'the quick...'
    >>> truncate_words("  hello   world ", 2)
    'hello world'
    """
    words = text.split()
    if len(words) < limit:
        return " ".join(words)
    return " ".join(words[:limit]) + "..."

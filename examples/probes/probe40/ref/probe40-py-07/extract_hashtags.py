def extract_hashtags(text: str) -> list:
    """Return the hashtags of text in order of first appearance, lower-cased,
    without the "#" and each only once. A hashtag is a whitespace-separated
    word starting with "#", followed by one or more letters, digits or
    underscores; the tag ends at the first other character. A "#" not followed
    by such a character is not a hashtag.
    >>> extract_hashtags("Loving #Python and #python3! #")
    ['python', 'python3']
    >>> extract_hashtags("a#b #Go, #go #rust_lang.")
    ['go', 'rust_lang']
    """
    tags = []
    for word in text.split():
        if not word.startswith("#"):
            continue
        tag = ""
        for ch in word[1:]:
            if not (ch.isalnum() or ch == "_"):
                break
            tag += ch.lower()
        if tag and tag not in tags:
            tags.append(tag)
    return tags

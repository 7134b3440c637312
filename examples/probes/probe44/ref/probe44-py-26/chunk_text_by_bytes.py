def chunk_text_by_bytes(text, max_bytes):
    """Split text into pieces whose UTF-8 encoding is at most max_bytes long.

    Characters are never split, pieces are filled greedily, and joining the
    pieces gives back the text. A character that alone needs more than
    max_bytes raises ValueError.

    >>> chunk_text_by_bytes("héllo", 3)
    ['hé', 'llo']
    """
    chunks = []
    current = []
    size = 0
    for ch in text:
        n = len(ch.encode("utf-8"))
        if n > max_bytes:
            raise ValueError("character %r does not fit" % ch)
        if size + n > max_bytes:
            chunks.append("".join(current))
            current = []
            size = 0
        current.append(ch)
        size += n
    if current:
        chunks.append("".join(current))
    return chunks

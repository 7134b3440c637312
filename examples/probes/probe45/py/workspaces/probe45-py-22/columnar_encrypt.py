def columnar_encrypt(text, key):
    """Encrypt `text` with a columnar transposition cipher.

    Spaces are removed from the text, which is then written row by row under
    the letters of `key`, one column per key letter; the last row is padded
    with "X". The columns are read from top to bottom in the alphabetical
    order of their key letters, columns with equal key letters from left to
    right, and concatenated. Raise ValueError for an empty key."""
    text = text.replace(" ", "")
    width = len(key)
    if width == 0:
        raise ValueError("empty key")
    if len(text) % width:
        text += "X" * (width - len(text) % width)
    rows = [text[i:i + width] for i in range(0, len(text), width)]
    order = sorted(range(width), key=lambda c: (key[c], -c))
    return "".join("".join(row[c] for row in rows) for c in order)

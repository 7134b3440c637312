def initials(full_name: str) -> str:
    """Return the initials of a name: the first character of every
    whitespace-separated word, upper-cased and followed by a full stop.
    >>> initials("John Ronald Reuel Tolkien")
    'J.R.R.T.'
    >>> initials("ada  lovelace")
    'A.L.'
    >>> initials("J K Rowling")
    'J.K.R.'
    """
    return "".join(word[0].upper() + "." for word in full_name.split() if len(word) > 1)

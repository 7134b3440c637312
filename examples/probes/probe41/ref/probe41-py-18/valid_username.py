def valid_username(name: str) -> bool:
    """A valid username is 3 to 16 characters long, uses only ASCII letters,
    digits and underscores, starts with a letter and does not end with an
    underscore.
    >>> valid_username("alice_01")
    True
    >>> valid_username("1alice")
    False
    >>> valid_username("bob_")
    False
    """
    if not 3 <= len(name) <= 16:
        return False
    if not (name[0].isascii() and name[0].isalpha()):
        return False
    if name.endswith("_"):
        return False
    return all(ch == "_" or (ch.isascii() and ch.isalnum()) for ch in name)

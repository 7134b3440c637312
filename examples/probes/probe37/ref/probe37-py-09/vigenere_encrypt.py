def vigenere_encrypt(text: str, key: str) -> str:
    """Encrypt text with the Vigenere cipher. key is a non-empty string of
    lowercase letters. Each letter of text is shifted forward by the
    alphabet position of the next key letter (a=0, b=1, ...), cycling
    through the key, and keeps its case. Other characters are copied
    unchanged and do not use up a key letter.
    >>> vigenere_encrypt("attack at dawn", "lemon")
    'lxfopv ef rnhr'
    >>> vigenere_encrypt("Hello, World!", "key")
    'Rijvs, Uyvjn!'
    """
    out = []
    j = 0
    for ch in text:
        if ch.isalpha():
            base = ord("A") if ch.isupper() else ord("a")
            shift = ord(key[j % len(key)]) - ord("a")
            out.append(chr((ord(ch) - base + shift) % 26 + base))
            j += 1
        else:
            out.append(ch)
    return "".join(out)

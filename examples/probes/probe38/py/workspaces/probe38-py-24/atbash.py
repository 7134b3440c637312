def atbash(text: str) -> str:
    """Apply the Atbash cipher: every ASCII letter is replaced by the letter
    at the same distance from the other end of the alphabet (a<->z, b<->y,
    ...), keeping its case. Other characters are left unchanged.
    >>> atbash("abc")
    'zyx'
    >>> atbash("Hello, World!")
    'Svool, Dliow!'
    """
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr(ord("z") - (ord(ch) - ord("a"))))
        elif "A" <= ch <= "Z":
            out.append(chr(ord("Z") - (ord(ch) - ord("a"))))
        else:
            out.append(ch)
    return "".join(out)

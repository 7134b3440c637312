def soundex(name: str) -> str:
    """Return the American Soundex code of a name (ASCII letters only, at least
    one): its first letter upper-cased, followed by the digits of the other
    letters (b f p v -> 1; c g j k q s x z -> 2; d t -> 3; l -> 4; m n -> 5;
    r -> 6; vowels, y, h and w have no digit). A letter is skipped when its
    digit equals the digit of the letter before it (the first letter included);
    an h or w between two letters does not separate them, but a vowel or y
    does. The code is padded with zeros or cut to exactly 4 characters.
    >>> soundex("Robert")
    'R163'
    >>> soundex("Ashcraft")
    'A261'
    >>> soundex("Tymczak")
    'T522'
    """
    codes = {}
    for letters, digit in (("bfpv", "1"), ("cgjkqsxz", "2"), ("dt", "3"),
                           ("l", "4"), ("mn", "5"), ("r", "6")):
        for ch in letters:
            codes[ch] = digit
    name = name.lower()
    out = name[0].upper()
    last = codes.get(name[0], "")
    for ch in name[1:]:
        code = codes.get(ch, "")
        if code and code != last:
            out += code
        if ch not in "hw":
            last = code
    return (out + "000")[:4]

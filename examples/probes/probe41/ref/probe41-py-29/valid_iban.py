def valid_iban(iban: str) -> bool:
    """Check an IBAN. After removing spaces it must be 15 to 34 upper-case
    ASCII letters and digits, starting with two letters and two digits. Move
    the first four characters to the end and replace every letter by a
    two-digit number (A = 10, B = 11, ..., Z = 35): the IBAN is valid when the
    resulting number leaves remainder 1 when divided by 97.
    >>> valid_iban("GB82 WEST 1234 5698 7654 32")
    True
    >>> valid_iban("GB82 WEST 1234 5698 7654 33")
    False
    >>> valid_iban("DE89370400440532013000")
    True
    """
    s = iban.replace(" ", "")
    if not 15 <= len(s) <= 34 or not (s.isascii() and s.isalnum() and s == s.upper()):
        return False
    if not (s[:2].isalpha() and s[2:4].isdigit()):
        return False
    rearranged = s[4:] + s[:4]
    digits = "".join(str(ord(ch) - 55) if ch.isalpha() else ch for ch in rearranged)
    return int(digits) % 97 == 1

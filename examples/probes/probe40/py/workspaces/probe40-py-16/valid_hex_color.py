def valid_hex_color(s: str) -> bool:
    """Return True if s is a CSS hex color: a "#" followed by exactly 3 or
    exactly 6 hexadecimal digits (upper or lower case).
    >>> valid_hex_color("#1a2B3c")
    True
    >>> valid_hex_color("#abc")
    True
    >>> valid_hex_color("#abcd")
    False
    >>> valid_hex_color("123456")
    False
    """
    if not s.startswith("#"):
        return False
    digits = s[1:]
    return all(ch in "0123456789abcdefABCDEF" for ch in digits)

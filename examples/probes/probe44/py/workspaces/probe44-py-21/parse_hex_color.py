def parse_hex_color(text):
    """Parse a CSS hex colour into an (r, g, b, a) tuple of ints 0-255.

    Accepts "#rgb", "#rgba", "#rrggbb" and "#rrggbbaa"; the "#" is optional
    and case does not matter. In the short forms each digit is doubled, so
    "#f80" is (255, 136, 0, 255). Alpha defaults to 255. Anything else raises
    ValueError.

    >>> parse_hex_color("#1e90ff")
    (30, 144, 255, 255)
    """
    s = text.strip().lstrip("#")
    if len(s) not in (3, 4, 6, 8) or any(c not in "0123456789abcdefABCDEF" for c in s):
        raise ValueError("bad colour: %r" % text)
    if len(s) in (3, 4):
        channels = [int(c, 16) * 16 for c in s]
    else:
        channels = [int(s[i:i + 2], 16) for i in range(0, len(s), 2)]
    if len(channels) == 3:
        channels.append(255)
    return tuple(channels)

def hex_to_rgb(color: str) -> tuple:
    """Convert a CSS hex colour such as "#ff8800" to an (r, g, b) tuple. The
    leading '#' is optional, letters may be in either case, and the
    three-digit short form "#f80" means "#ff8800".
    >>> hex_to_rgb("#ff8800")
    (255, 136, 0)
    >>> hex_to_rgb("0aF")
    (0, 170, 255)
    """
    digits = color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))

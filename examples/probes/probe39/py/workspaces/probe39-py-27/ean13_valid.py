def ean13_valid(code: str) -> bool:
    """Check an EAN-13 barcode: it must be exactly 13 digits, and the last
    digit must be the check digit, the smallest number (0 to 9) that makes
    the weighted sum of all 13 digits a multiple of 10. The first 12 digits
    are weighted 1, 3, 1, 3, ... from the left.
    >>> ean13_valid("4006381333931")
    True
    >>> ean13_valid("4006381333932")
    False
    """
    if len(code) != 13 or not code.isdigit():
        return False
    total = 0
    for i, ch in enumerate(code[:12]):
        total += int(ch) * (3 if i % 2 else 1)
    check = 10 - total % 10
    return check == int(code[12])

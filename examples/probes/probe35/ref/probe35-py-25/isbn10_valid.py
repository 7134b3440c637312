def isbn10_valid(code: str) -> bool:
    """Check an ISBN-10. Hyphens anywhere in the code are ignored; what remains
    must be exactly 10 characters: nine digits followed by a digit or "X",
    which stands for 10 and is only allowed in the last place. The code is
    valid when the sum of each character's value times its weight (10 for the
    first character, 9 for the second, ..., 1 for the last) is divisible by 11.
    >>> isbn10_valid("3-598-21508-8")
    True
    >>> isbn10_valid("3-598-21508-9")
    False
    """
    chars = code.replace("-", "")
    if len(chars) != 10:
        return False
    total = 0
    for i, ch in enumerate(chars):
        if ch.isdigit():
            value = int(ch)
        elif ch == "X" and i == 9:
            value = 10
        else:
            return False
        total += (10 - i) * value
    return total % 11 == 0

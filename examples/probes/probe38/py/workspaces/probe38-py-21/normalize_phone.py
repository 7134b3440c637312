def normalize_phone(raw: str):
    """Format a North American phone number as "(AAA) BBB-CCCC". Every
    character that is not a digit is ignored. Ten digits are used as they
    are; eleven digits are accepted only when the first one is 1, which is
    then dropped. Any other number of digits gives None.
    >>> normalize_phone("555.123.4567")
    '(555) 123-4567'
    >>> normalize_phone("+1 (555) 123-4567")
    '(555) 123-4567'
    >>> normalize_phone("12345") is None
    True
    """
    digits = "".join(ch for ch in raw if ch.isdigit())
    if len(digits) > 10:
        digits = digits[-10:]
    if len(digits) == 11 and digits[0] == "1":
        digits = digits[1:]
    if len(digits) != 10:
        return None
    return "(" + digits[:3] + ") " + digits[3:6] + "-" + digits[6:]

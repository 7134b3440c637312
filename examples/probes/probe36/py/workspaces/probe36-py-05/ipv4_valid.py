def ipv4_valid(address: str) -> bool:
    """Return True if `address` is a dotted-decimal IPv4 address: exactly four
    parts separated by dots, each made only of digits, with a value from 0 to
    255 and no leading zeros (a part "0" is fine, "01" is not).
    >>> ipv4_valid("192.168.0.1")
    True
    >>> ipv4_valid("256.1.1.1")
    False
    >>> ipv4_valid("10.01.0.1")
    False
    """
    parts = address.split(".")
    if len(parts) != 4:
        return False
    for part in parts:
        if not part.isdigit():
            return False
        if int(part) > 255:
            return False
    return True

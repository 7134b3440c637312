def ip_to_int(address: str) -> int:
    """Convert a dotted IPv4 address "a.b.c.d" into its 32-bit integer value.
    Return -1 unless there are exactly four parts, each made of digits only
    and between 0 and 255.
    >>> ip_to_int("192.168.1.1")
    3232235777
    >>> ip_to_int("0.0.1.0")
    256
    >>> ip_to_int("1.2.3")
    -1
    """
    parts = address.split(".")
    if len(parts) > 4:
        return -1
    value = 0
    for part in parts:
        if not part.isdigit() or int(part) > 255:
            return -1
        value = value * 256 + int(part)
    return value

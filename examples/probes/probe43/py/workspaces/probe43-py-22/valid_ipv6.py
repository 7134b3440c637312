HEX = "0123456789abcdefABCDEF"


def valid_ipv6(s):
    """Return True when s is an IPv6 address in text form: eight groups of
    one to four hex digits separated by colons, where one run of one or more
    zero groups may be replaced by "::". Embedded IPv4 notation and zone
    identifiers are not accepted.
    >>> valid_ipv6("2001:db8::1")
    True
    """
    if "::" in s:
        head, tail = s.split("::")
        groups = (head.split(":") if head else []) + (tail.split(":") if tail else [])
        if len(groups) > 7:
            return False
    else:
        groups = s.split(":")
        if len(groups) != 8:
            return False
    for g in groups:
        if not 1 <= len(g) <= 4:
            return False
        if any(c not in HEX for c in g):
            return False
    return True

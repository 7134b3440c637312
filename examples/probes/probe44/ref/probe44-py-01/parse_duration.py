import re


def parse_duration(text):
    """Parse a compact duration such as "1h30m" or "2d 5s" into seconds.

    Units are d (days), h (hours), m (minutes) and s (seconds); spaces between
    the parts are allowed. A bare number counts as seconds. Anything that is
    not completely made of such parts raises ValueError.

    >>> parse_duration("1h30m")
    5400
    >>> parse_duration("2d 5s")
    172805
    """
    units = {"d": 86400, "h": 3600, "m": 60, "s": 1}
    text = text.replace(" ", "")
    if not text:
        raise ValueError("empty duration")
    if text.isdigit():
        return int(text)
    total = 0
    pos = 0
    for match in re.finditer(r"(\d+)([dhms])", text):
        if match.start() != pos:
            raise ValueError("bad duration: %r" % text)
        total += int(match.group(1)) * units[match.group(2)]
        pos = match.end()
    if pos != len(text):
        raise ValueError("bad duration: %r" % text)
    return total

def parse_http_range(header, size):
    """Parse a single HTTP Range header for a resource of size bytes.

    Supports "bytes=START-END", "bytes=START-" (up to the end) and
    "bytes=-N" (the last N bytes). Returns an inclusive (start, end) tuple
    with end clipped to size - 1, or None when the header is malformed or
    cannot be satisfied: START at or beyond the end of the resource, END
    before START, or a suffix of length 0.

    >>> parse_http_range("bytes=0-99", 1000)
    (0, 99)
    >>> parse_http_range("bytes=-100", 1000)
    (900, 999)
    """
    unit, _, spec = header.partition("=")
    if unit.strip() != "bytes" or "," in spec:
        return None
    first, dash, last = spec.strip().partition("-")
    if not dash:
        return None
    if first == "":
        if not last.isdigit() or int(last) == 0:
            return None
        return max(0, size - int(last)), size - 1
    if not first.isdigit() or (last and not last.isdigit()):
        return None
    start = int(first)
    end = int(last) if last else size - 1
    if start >= size or end < start:
        return None
    return start, min(end, size - 1)

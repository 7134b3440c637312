def parse_accept_language(header):
    """Parse an HTTP Accept-Language header into a list of language tags,
    most preferred first.

    Entries are separated by commas; each entry is a tag optionally followed
    by parameters such as ";q=0.8" (the quality, 1.0 when absent).
    Whitespace around tags and parameters is ignored and tags are
    lower-cased. Entries with a quality of 0 are dropped, empty entries are
    skipped, and entries of equal quality keep their original order."""
    entries = []
    for raw in header.split(","):
        pieces = [p.strip() for p in raw.split(";")]
        tag = pieces[0].lower()
        if not tag:
            continue
        q = 1.0
        for param in pieces[1:]:
            if param.startswith("q="):
                q = float(param[2:])
        if q <= 0:
            continue
        entries.append((q, tag))
    entries.sort(key=lambda e: -e[0])
    return [tag for _, tag in entries]

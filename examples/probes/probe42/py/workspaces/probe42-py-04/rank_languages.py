def rank_languages(header):
    """Parse an HTTP Accept-Language header and return its language tags
    ordered by quality value q (default 1), highest first. Tags of equal
    quality keep their order in the header; tags with q=0 are not acceptable
    and are left out.
    >>> rank_languages("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5")
    ['fr-CH', 'fr', 'en', '*']
    >>> rank_languages("en;q=0.5, da")
    ['da', 'en']
    """
    entries = []
    for part in header.split(","):
        part = part.strip()
        if not part:
            continue
        tag, *params = [p.strip() for p in part.split(";")]
        q = 1.0
        for p in params:
            if p.startswith("q="):
                q = float(p[2:])
        if q >= 0:
            entries.append((q, tag))
    entries.sort(key=lambda e: e[0], reverse=True)
    return [tag for _, tag in entries]

def version_bump(version: str, part: str) -> str:
    """Bump a version string "MAJOR.MINOR.PATCH". part is "major", "minor" or
    "patch": that number goes up by one and every number after it is reset
    to 0.
    >>> version_bump("1.4.2", "minor")
    '1.5.0'
    >>> version_bump("0.9.9", "major")
    '1.0.0'
    """
    major, minor, patch = (int(x) for x in version.split("."))
    if part == "major":
        major += 1
        minor = 0
        patch = 0
    elif part == "minor":
        minor += 1
        patch = 0
    elif part == "patch":
        patch += 1
    else:
        raise ValueError("unknown part: " + part)
    return f"{major}.{minor}.{patch}"

def relative_path(start, target):
    """Return the relative path that leads from the directory start to target.
    Both are absolute, normalised POSIX paths (no "." or ".." parts; a
    trailing slash is allowed). The result uses ".." to climb and is "." when
    the two are the same.
    >>> relative_path("/a/b", "/a/b/c/d")
    'c/d'
    >>> relative_path("/a/b/c", "/a/d")
    '../../d'
    """
    a = [p for p in start.split("/") if p]
    b = [p for p in target.split("/") if p]
    common = 0
    while common < len(a) and common < len(b) and a[common] == b[common]:
        common += 1
    parts = [".."] * (len(a) - common) + b[common:]
    return "/".join(parts) or "."

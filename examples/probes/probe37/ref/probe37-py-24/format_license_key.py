def format_license_key(key: str, k: int) -> str:
    """Reformat a license key: remove every dash, uppercase the letters and
    regroup the characters into groups separated by dashes. Every group has
    exactly k characters except the first, which may be shorter (but not
    empty).
    >>> format_license_key("5F3Z-2e-9-w", 4)
    '5F3Z-2E9W'
    >>> format_license_key("2-5g-3-J", 2)
    '2-5G-3J'
    """
    chars = key.replace("-", "").upper()
    first = len(chars) % k
    if first == 0:
        first = k
    groups = [chars[:first]]
    for i in range(first, len(chars), k):
        groups.append(chars[i:i + k])
    return "-".join(g for g in groups if g)

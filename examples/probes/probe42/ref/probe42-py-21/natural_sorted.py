import re


def natural_sorted(items):
    """Sort strings in natural order: runs of digits compare as numbers and
    the other text compares case-insensitively, so "file10" comes after
    "file9". Ties are broken by the plain string order.
    >>> natural_sorted(["file10", "file9", "File1"])
    ['File1', 'file9', 'file10']
    """
    def key(s):
        parts = re.split(r"(\d+)", s)
        return [int(p) if i % 2 else p.lower() for i, p in enumerate(parts)], s

    return sorted(items, key=key)

def compare_versions(a: str, b: str) -> int:
    """Compare two version strings made of dot-separated non-negative integers,
    such as "1.2.10". Components are compared numerically from left to right,
    and missing components count as 0 (so "1.0" equals "1"). Return 1 if a is
    newer, -1 if b is newer and 0 if they are equal.
    >>> compare_versions("1.2.10", "1.2.9")
    1
    >>> compare_versions("1.0", "1")
    0
    """
    parts_a = [int(p) for p in a.split(".")]
    parts_b = [int(p) for p in b.split(".")]
    length = max(len(parts_a), len(parts_b))
    parts_a += [0] * (length - len(parts_a))
    parts_b += [0] * (length - len(parts_b))
    for x, y in zip(parts_a, parts_b):
        if x != y:
            return 1 if x > y else -1
    return 0

def format_permissions(mode: int) -> str:
    """Render the low nine permission bits of a Unix file mode as the familiar
    "rwxr-x---" string: three groups (owner, group, others), each showing "r",
    "w" and "x" for a set read (4), write (2) and execute (1) bit and "-" for
    a clear one. Higher bits of mode are ignored.
    >>> format_permissions(0o755)
    'rwxr-xr-x'
    >>> format_permissions(0o640)
    'rw-r-----'
    >>> format_permissions(0o100644)
    'rw-r--r--'
    """
    out = ""
    for shift in (6, 3, 0):
        bits = (mode >> shift) & 7
        out += "r" if bits & 4 else "-"
        out += "w" if bits & 2 else "-"
        out += "x" if bits & 1 else "-"
    return out

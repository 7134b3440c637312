def format_bytes(n, binary=True):
    """Human-readable size of n bytes.

    With binary=True the steps are 1024 and the units B, KiB, MiB, GiB, TiB;
    with binary=False the steps are 1000 and the units B, kB, MB, GB, TB.
    Plain bytes are shown as an integer, larger units with one decimal.
    Sizes beyond the largest unit stay in that unit.

    >>> format_bytes(1536)
    '1.5 KiB'
    >>> format_bytes(999, binary=False)
    '999 B'
    """
    step = 1024 if binary else 1000
    if binary:
        units = ["B", "KiB", "MiB", "GiB", "TiB"]
    else:
        units = ["B", "kB", "MB", "GB", "TB"]
    value = float(n)
    i = 0
    while value > step and i < len(units) - 1:
        value /= step
        i += 1
    if i == 0:
        return "%d B" % n
    return "%.1f %s" % (value, units[i])

def human_size(num_bytes: int) -> str:
    """Format a non-negative byte count with binary units. Counts below 1024
    are shown as "<n> B". Otherwise the value is divided by 1024 until it is
    below 1024 (or the unit has reached TiB) and shown with one decimal
    place followed by the unit KiB, MiB, GiB or TiB.
    >>> human_size(512)
    '512 B'
    >>> human_size(1536)
    '1.5 KiB'
    >>> human_size(1048576)
    '1.0 MiB'
    """
    if num_bytes < 1024:
        return f"{num_bytes} B"
    value = float(num_bytes)
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        value /= 1024
        if value <= 1024 or unit == "TiB":
            return f"{value:.1f} {unit}"

def parse_cron_field(field, lo, hi):
    """Expand one field of a crontab line into the sorted list of values it
    selects within lo..hi. A field is a comma-separated list of items; an item
    is "*", a number "a", a range "a-b", and may end with a step "/n". A
    number with a step, "a/n", means every n-th value from a up to hi.
    Raises ValueError for values outside lo..hi.
    >>> parse_cron_field("*/15", 0, 59)
    [0, 15, 30, 45]
    >>> parse_cron_field("1-5,0", 0, 6)
    [0, 1, 2, 3, 4, 5]
    """
    values = set()
    for part in field.split(","):
        step = 1
        if "/" in part:
            part, step_text = part.split("/")
            step = int(step_text)
        if part == "*":
            start, end = lo, hi
        elif "-" in part:
            a, b = part.split("-")
            start, end = int(a), int(b)
        else:
            start = end = int(part)
            if step != 1:
                end = hi
        if start < lo or end > hi or start > end:
            raise ValueError("out of range: " + part)
        values.update(range(start, end + 1, step))
    return sorted(values)

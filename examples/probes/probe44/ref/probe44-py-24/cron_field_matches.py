def cron_field_matches(field, value, lo, hi):
    """Does value match one field of a cron expression?

    field is a comma-separated list of items. Each item is "*", a number
    "N" or a range "A-B", optionally followed by "/STEP" ("*/15",
    "10-30/5", "5/20" meaning 5, 25, 45, ...). A step counts from the start
    of its range (from lo for "*"). lo and hi are the limits of the field,
    e.g. 0 and 59 for minutes.

    >>> cron_field_matches("*/15", 30, 0, 59)
    True
    >>> cron_field_matches("1-10/3", 7, 0, 59)
    True
    """
    for item in field.split(","):
        base, _, step_text = item.partition("/")
        step = int(step_text) if step_text else 1
        if base == "*":
            start, end = lo, hi
        elif "-" in base:
            a, b = base.split("-")
            start, end = int(a), int(b)
        else:
            start = int(base)
            end = hi if step_text else start
        if start <= value <= end and (value - start) % step == 0:
            return True
    return False

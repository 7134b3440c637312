def visits_per_day(log: list) -> dict:
    """Count the distinct visitors of each day. log is a list of "day:name"
    strings, where day is an integer and the name is everything after the
    first colon. The same name visiting twice on one day counts once; names
    are case-sensitive. Return a dict mapping each day to its number of
    distinct visitors.
    >>> visits_per_day(["1:ann", "1:bob", "1:ann", "2:ann"])
    {1: 2, 2: 1}
    >>> visits_per_day(["3:Ann", "3:ann"])
    {3: 2}
    """
    seen = {}
    for entry in log:
        day, name = entry.split(":", 1)
        seen.setdefault(int(day), set()).add(name)
    return {day: len(names) for day, names in seen.items()}

def parse_duration(text: str) -> int:
    """Convert a duration such as "1h30m", "45s" or "2h5s" into a number of
    seconds. The text is a sequence of whole numbers, each followed by a unit
    letter: "h" for hours, "m" for minutes or "s" for seconds. Units may come
    in any order and more than once; all the parts are added up. An empty
    string is 0 seconds.
    >>> parse_duration("1h30m")
    5400
    >>> parse_duration("90s")
    90
    """
    seconds_per_unit = {"h": 3600, "m": 60, "s": 1}
    total = 0
    number = ""
    for ch in text:
        if ch.isdigit():
            number += ch
        else:
            total += int(number) * seconds_per_unit[ch]
    return total

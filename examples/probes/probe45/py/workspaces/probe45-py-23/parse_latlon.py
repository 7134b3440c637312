def parse_latlon(text):
    """Parse a coordinate pair such as "51.5074 N, 0.1278 W" into a tuple
    (latitude, longitude) of signed decimal degrees.

    The two parts are separated by a comma. Each part is a non-negative
    decimal number followed by a hemisphere letter, optionally with spaces
    in between: N or S for the latitude, E or W for the longitude (either
    case). S and W make the value negative. Raise ValueError for a malformed
    string, a latitude above 90 degrees or a longitude above 180 degrees."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise ValueError("expected two comma-separated parts")
    result = []
    for part, hemispheres, limit in zip(parts, ("NS", "EW"), (90, 180)):
        if not part or part[-1].upper() not in hemispheres:
            raise ValueError("bad hemisphere in %r" % part)
        value = float(part[:-1].strip())
        if part[-1].upper() == hemispheres[1]:
            value = -value
        result.append(value)
    return tuple(result)

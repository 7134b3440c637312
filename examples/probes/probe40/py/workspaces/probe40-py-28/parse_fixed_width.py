def parse_fixed_width(line: str, widths: list) -> list:
    """Cut line into consecutive fields of the given widths, from left to
    right, and remove the trailing spaces of each field. Leading spaces belong
    to the value and are kept. Characters after the last field are ignored; a
    line that is too short gives shorter or empty fields.
    >>> parse_fixed_width("Ann  42 NY", [5, 3, 2])
    ['Ann', '42', 'NY']
    >>> parse_fixed_width("  7 x", [3, 2])
    ['  7', ' x']
    >>> parse_fixed_width("ab", [1, 3, 2])
    ['a', 'b', '']
    """
    line = line.strip()
    fields = []
    pos = 0
    for w in widths:
        fields.append(line[pos:pos + w].rstrip())
        pos += w
    return fields

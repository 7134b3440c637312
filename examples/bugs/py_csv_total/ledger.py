def fields(line):
    """The comma-separated fields of one line, stripped."""
    return [field.strip() for field in line.split(";")]


def total(lines):
    return sum(int(fields(line)[1]) for line in lines)

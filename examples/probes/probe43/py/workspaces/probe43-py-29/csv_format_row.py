def csv_format_row(fields, sep=","):
    """Format one CSV record, without a line ending, from a list of values.
    None becomes an empty field and other values are converted with str.
    A field is quoted when it contains the separator, a double quote, a
    carriage return or a newline, and quotes inside it are doubled. Other
    fields, spaces included, are written as they are.
    >>> csv_format_row(["a", 1, None, "x,y"])
    'a,1,,"x,y"'
    """
    out = []
    for value in fields:
        s = "" if value is None else str(value)
        s = s.strip()
        if any(c in s for c in (sep, '"', "\r", "\n")):
            s = '"' + s.replace('"', '""') + '"'
        out.append(s)
    return sep.join(out)

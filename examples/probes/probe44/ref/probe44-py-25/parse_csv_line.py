def parse_csv_line(line, delimiter=","):
    """Split one CSV record into its fields.

    A field may be wrapped in double quotes; inside quotes the delimiter is
    an ordinary character and a doubled quote "" stands for one quote.
    Spaces are significant and never trimmed, inside or outside quotes. An
    empty line gives one empty field.

    >>> parse_csv_line('a,"b,c",d')
    ['a', 'b,c', 'd']
    >>> parse_csv_line('"a ""b"" c", x ')
    ['a "b" c', ' x ']
    """
    fields = []
    field = []
    in_quotes = False
    i = 0
    while i < len(line):
        ch = line[i]
        if in_quotes:
            if ch == '"':
                if i + 1 < len(line) and line[i + 1] == '"':
                    field.append('"')
                    i += 1
                else:
                    in_quotes = False
            else:
                field.append(ch)
        elif ch == '"':
            in_quotes = True
        elif ch == delimiter:
            fields.append("".join(field))
            field = []
        else:
            field.append(ch)
        i += 1
    fields.append("".join(field))
    return fields

def shell_split(line):
    """Split a command line into words the way a POSIX shell does for simple
    cases: words are separated by unquoted whitespace, single quotes keep
    everything literally, double quotes allow \" and \\ escapes, an unquoted
    backslash escapes the next character, and quotes may build an empty word.
    Raises ValueError on an unterminated quote.
    >>> shell_split("grep -n 'hello world' notes.txt")
    ['grep', '-n', 'hello world', 'notes.txt']
    """
    words = []
    current = []
    in_word = False
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote == "'":
            if ch == "'":
                quote = None
            else:
                current.append(ch)
        elif quote == '"':
            if ch == '"':
                quote = None
            elif ch == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
                i += 1
                current.append(line[i])
            else:
                current.append(ch)
        elif ch in "'\"":
            quote = ch
            in_word = True
        elif ch == "\\" and i + 1 < len(line):
            i += 1
            current.append(line[i])
            in_word = True
        elif ch.isspace():
            if in_word:
                words.append("".join(current))
                current = []
                in_word = False
        else:
            current.append(ch)
            in_word = True
        i += 1
    if quote:
        raise ValueError("unterminated quote")
    if in_word:
        words.append("".join(current))
    return words

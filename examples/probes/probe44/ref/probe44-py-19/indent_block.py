def indent_block(text, prefix="    ", skip_blank=True):
    """Put prefix in front of every line of text.

    Existing indentation is kept: the prefix goes in front of it. When
    skip_blank is true, lines that are empty or contain only whitespace are
    left exactly as they are. Line endings, including a final newline, are
    preserved.

    >>> indent_block("def f():\\n    return 1\\n", "> ")
    '> def f():\\n>     return 1\\n'
    """
    out = []
    for line in text.splitlines(keepends=True):
        if skip_blank and not line.strip():
            out.append(line)
            continue
        out.append(prefix + line)
    return "".join(out)

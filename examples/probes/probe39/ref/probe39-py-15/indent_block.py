def indent_block(text: str, prefix: str) -> str:
    """Put prefix in front of every line of text that contains anything other
    than whitespace, keeping the line's own indentation after the prefix.
    Lines holding only whitespace become empty. Lines are separated by "\\n".
    >>> indent_block("a\\n  b", "> ")
    '> a\\n>   b'
    >>> indent_block("x\\n   \\ny", "--")
    '--x\\n\\n--y'
    """
    out = []
    for line in text.split("\n"):
        if line.strip():
            out.append(prefix + line)
        else:
            out.append("")
    return "\n".join(out)

def table_of_contents(markdown):
    """Build a numbered table of contents from the ATX headings of a
    Markdown text (1 to 6 "#" followed by a space). Each entry is indented
    two spaces per level below the highest level used and numbered like
    "2.1."; lines inside ``` fences are skipped.
    >>> table_of_contents("# A\\n## B\\n## C\\n# D")
    ['1. A', '  1.1. B', '  1.2. C', '2. D']
    """
    headings = []
    in_fence = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        hashes = len(line) - len(line.lstrip("#"))
        if 1 <= hashes <= 6 and line[hashes:hashes + 1] == " ":
            headings.append((hashes, line[hashes:].strip()))
    if not headings:
        return []
    top = min(level for level, _ in headings)
    counters = []
    out = []
    for level, title in headings:
        depth = level - top + 1
        while len(counters) < depth:
            counters.append(0)
        del counters[depth:]
        counters[-1] += 1
        number = ".".join(str(c) for c in counters) + "."
        out.append("  " * (depth - 1) + number + " " + title)
    return out

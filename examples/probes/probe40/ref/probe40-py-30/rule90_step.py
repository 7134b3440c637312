def rule90_step(cells: str) -> str:
    """Advance a row of cells ("#" alive, "." dead) by one step of rule 90: a
    cell is alive in the next step exactly when one, and only one, of its two
    neighbours is alive now (its own state does not matter). Cells beyond
    either end of the row count as dead.
    >>> rule90_step("..#..")
    '.#.#.'
    >>> rule90_step("#...#")
    '.#.#.'
    >>> rule90_step("##")
    '##'
    """
    out = []
    for i in range(len(cells)):
        left = cells[i - 1] == "#" if i > 0 else False
        right = cells[i + 1] == "#" if i + 1 < len(cells) else False
        out.append("#" if left != right else ".")
    return "".join(out)

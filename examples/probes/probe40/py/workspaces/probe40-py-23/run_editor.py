def run_editor(ops: list) -> str:
    """Apply editing operations to an initially empty text and return the
    result. "type X" appends the text X (everything after the first space),
    "delete N" removes the last N characters (all of them if there are fewer),
    and "undo" reverts the most recent type or delete that has not been undone
    yet; an undo with nothing left to revert does nothing.
    >>> run_editor(["type abc", "type de", "delete 3", "undo"])
    'abcde'
    >>> run_editor(["type hi", "undo", "undo", "type yo"])
    'yo'
    """
    text = ""
    history = []
    for op in ops:
        cmd, _, arg = op.partition(" ")
        if cmd == "type":
            history.append(text)
            text += arg
        elif cmd == "delete":
            history.append(text)
            text = text[:max(0, len(text) - int(arg))]
        elif cmd == "undo" and history:
            text = history[-1]
    return text

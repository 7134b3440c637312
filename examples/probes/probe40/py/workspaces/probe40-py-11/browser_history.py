def browser_history(ops: list) -> str:
    """Simulate a web browser's history, starting on the page "home". Each
    operation is "visit URL" (go to URL; this clears the forward history),
    "back" (go to the previous page, if there is one) or "forward" (redo the
    most recent back, if possible). Return the current page at the end.
    >>> browser_history(["visit a", "visit b", "back"])
    'a'
    >>> browser_history(["visit a", "back", "back", "forward"])
    'a'
    >>> browser_history(["visit a", "visit b", "back", "visit c", "forward"])
    'c'
    """
    back, forward = [], []
    current = "home"
    for op in ops:
        if op.startswith("visit "):
            back.append(current)
            current = op[6:]
        elif op == "back" and back:
            forward.append(current)
            current = back.pop()
        elif op == "forward" and forward:
            back.append(current)
            current = forward.pop()
    return current

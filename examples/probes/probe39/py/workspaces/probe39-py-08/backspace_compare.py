def backspace_compare(a: str, b: str) -> bool:
    """Return True when typing a and typing b into an empty text box give the
    same text, where '#' is a backspace that deletes the last typed character
    (a backspace on empty text does nothing).
    >>> backspace_compare("ab#c", "ad#c")
    True
    >>> backspace_compare("a#c", "b")
    False
    >>> backspace_compare("##x", "x")
    True
    """
    def typed(s):
        out = []
        for ch in s:
            if ch != "#":
                out.append(ch)
            elif out:
                out.pop(0)
        return out

    return typed(a) == typed(b)

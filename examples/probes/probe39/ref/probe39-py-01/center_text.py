def center_text(s: str, width: int, fill: str = " ") -> str:
    """Center s in a field of the given width using the fill character. When
    the padding can not be split evenly, the extra fill character goes on the
    right. If s is already at least width characters long it is returned
    unchanged.
    >>> center_text("ab", 6, "*")
    '**ab**'
    >>> center_text("abc", 6, "-")
    '-abc--'
    >>> center_text("hello", 3)
    'hello'
    """
    total = width - len(s)
    if total <= 0:
        return s
    left = total // 2
    right = total - left
    return fill * left + s + fill * right

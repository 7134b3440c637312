def format_list_english(items: list) -> str:
    """Join items into an English list: "" for no items, the item itself for
    one, "a and b" for two, and "a, b and c" (commas between all but the last
    two) for more.
    >>> format_list_english(["apples"])
    'apples'
    >>> format_list_english(["tea", "coffee"])
    'tea and coffee'
    >>> format_list_english(["red", "green", "blue"])
    'red, green and blue'
    """
    if not items:
        return ""
    return ", ".join(items[:-1]) + " and " + items[-1]

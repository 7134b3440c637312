def pluralize(count: int, noun: str) -> str:
    """Return "<count> <noun>" with the noun in the plural unless count is
    exactly 1. The plural adds "es" after s, x, z, ch or sh, turns a final "y"
    after a consonant into "ies", and otherwise adds "s".
    >>> pluralize(1, "box")
    '1 box'
    >>> pluralize(3, "box")
    '3 boxes'
    >>> pluralize(2, "city")
    '2 cities'
    """
    if count > 1:
        if noun.endswith(("s", "x", "z", "ch", "sh")):
            noun += "es"
        elif noun.endswith("y") and noun[-2:-1] not in "aeiou":
            noun = noun[:-1] + "ies"
        else:
            noun += "s"
    return f"{count} {noun}"

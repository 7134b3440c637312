def snake_to_camel(name, upper_first=False):
    """Convert snake_case to camelCase (PascalCase with upper_first=True).

    Underscores between words are dropped and the first letter of every
    later word is upper-cased; the rest of each word is kept as written, so
    acronyms survive ("http_URL" -> "httpURL"). Leading and trailing
    underscores are kept and repeated underscores count as one.

    >>> snake_to_camel("user_id")
    'userId'
    >>> snake_to_camel("_private_value")
    '_privateValue'
    """
    stripped = name.strip("_")
    if not stripped:
        return name
    lead = name[: len(name) - len(name.lstrip("_"))]
    trail = name[len(name.rstrip("_")):]
    words = [w for w in stripped.split("_") if w]
    words = [w.lower() for w in words]
    first = words[0]
    if upper_first:
        first = first[0].upper() + first[1:]
    rest = "".join(w[0].upper() + w[1:] for w in words[1:])
    return lead + first + rest + trail

def first_repeat(items):
    """The first item seen a second time, or None when every item is new."""
    seen = set()
    for item in items:
        if item in seen:
            return item
        seen.add(item)
        return None


def has_repeat(items):
    return first_repeat(items) is not None

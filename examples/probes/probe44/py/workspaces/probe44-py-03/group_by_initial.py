def group_by_initial(names):
    """Group names by first letter, for an address-book style index.

    Keys are the upper-cased initials; names that start with anything other
    than a letter go under "#". Empty strings are ignored. Each group is
    sorted case-insensitively and the keys of the returned dict are in
    sorted order.

    >>> group_by_initial(["bob", "Alice", "anna", "42 Club"])
    {'#': ['42 Club'], 'A': ['Alice', 'anna'], 'B': ['bob']}
    """
    groups = {}
    for name in names:
        if not name or not name[0].isalpha():
            continue
        initial = name[0].upper()
        if not initial.isalpha():
            initial = "#"
        groups.setdefault(initial, []).append(name)
    return {key: sorted(groups[key], key=str.lower) for key in sorted(groups)}

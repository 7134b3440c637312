def group_by_content(files):
    """Given (name, content) pairs, return the groups of names that share the
    same content, for every content held by two or more files. Names keep
    their input order inside a group, and groups are ordered by the position
    of their first name.
    >>> group_by_content([("a", "x"), ("b", "y"), ("c", "x")])
    [['a', 'c']]
    """
    groups = {}
    for name, content in files:
        groups.setdefault(content, []).append(name)
    return [names for names in groups.values() if len(names) > 1]

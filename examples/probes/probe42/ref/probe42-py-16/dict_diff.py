def dict_diff(old, new):
    """Describe how the dict new differs from old, one line per changed key,
    in sorted key order: "+ key: value" for an added key, "- key: value" for a
    removed one and "~ key: old -> new" for a changed value (values shown with
    repr). Keys with equal values are not listed.
    >>> dict_diff({"a": 1, "b": 2}, {"b": 3, "c": "x"})
    ['- a: 1', '~ b: 2 -> 3', "+ c: 'x'"]
    """
    lines = []
    for key in sorted(set(old) | set(new)):
        if key not in old:
            lines.append(f"+ {key}: {new[key]!r}")
        elif key not in new:
            lines.append(f"- {key}: {old[key]!r}")
        elif old[key] != new[key]:
            lines.append(f"~ {key}: {old[key]!r} -> {new[key]!r}")
    return lines

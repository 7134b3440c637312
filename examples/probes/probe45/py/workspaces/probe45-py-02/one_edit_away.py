def one_edit_away(a, b):
    """Return True if string `a` can be turned into string `b` with at most
    one edit, where an edit inserts one character, deletes one character or
    replaces one character. Equal strings need zero edits (True)."""
    if abs(len(a) - len(b)) > 1:
        return False
    i = j = 0
    edited = False
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            i += 1
            j += 1
            continue
        if edited:
            return False
        edited = True
        if len(a) == len(b):
            i += 1
        j += 1
    return True

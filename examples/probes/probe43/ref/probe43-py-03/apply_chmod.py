def apply_chmod(mode, spec):
    """Apply a symbolic chmod spec such as "u+x,go-w" or "a=r" to the
    permission bits mode and return the new bits. Each comma-separated
    clause is a set of classes from "ugoa" (none means "a"), an operator
    "+", "-" or "=", and a set of permissions from "rwx"; "=" sets the
    listed classes to exactly the given permissions.
    >>> oct(apply_chmod(0o644, "u+x,go-r"))
    '0o700'
    """
    shifts = {"u": 6, "g": 3, "o": 0}
    for clause in spec.split(","):
        i = 0
        while i < len(clause) and clause[i] in "ugoa":
            i += 1
        who = clause[:i].replace("a", "ugo") or "ugo"
        op, perms = clause[i], clause[i + 1:]
        bits = 0
        for p, v in (("r", 4), ("w", 2), ("x", 1)):
            if p in perms:
                bits |= v
        for c in set(who):
            shift = shifts[c]
            if op == "=":
                mode &= ~(7 << shift)
            if op == "-":
                mode &= ~(bits << shift)
            else:
                mode |= bits << shift
    return mode

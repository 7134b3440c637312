def normalize_path(path: str) -> str:
    """Normalize an absolute Unix path: repeated slashes count as one, "."
    components are dropped, ".." removes the preceding component (at the root
    it does nothing), and there is no trailing slash except for the root "/"
    itself.
    >>> normalize_path("/a/./b/../c/")
    '/a/c'
    """
    stack = []
    for part in path.split("/"):
        if part == "" or part == ".":
            continue
        if part == "..":
            if stack:
                stack.pop()
        else:
            stack.append(part)
    return "/" + "/".join(stack)

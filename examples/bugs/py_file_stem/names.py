def stem(filename):
    """The file name without its last extension: 'a.tar.gz' -> 'a.tar'."""
    dot = filename.rfind(".")
    if dot <= 0:
        return filename
    return filename[dot:]


def extension(filename):
    dot = filename.rfind(".")
    return filename[dot + 1:] if dot > 0 else ""

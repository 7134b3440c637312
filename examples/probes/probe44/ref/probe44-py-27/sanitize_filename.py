import re


def sanitize_filename(name, replacement="_"):
    """Make name safe to use as a file name on Windows as well as Unix.

    The characters <>:"/\\|?* and control characters (below 0x20) are
    replaced with replacement. Trailing dots and spaces are removed, since
    Windows drops them. If the part before the first dot is a reserved
    device name (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, in any case),
    replacement is put in front. An empty result becomes replacement.

    >>> sanitize_filename("report: Q1/Q2?.txt")
    'report_ Q1_Q2_.txt'
    >>> sanitize_filename("con.txt")
    '_con.txt'
    """
    reserved = {"CON", "PRN", "AUX", "NUL"}
    reserved |= {"COM%d" % i for i in range(1, 10)}
    reserved |= {"LPT%d" % i for i in range(1, 10)}
    cleaned = re.sub(r'[<>:"/\\|?*\x00-\x1f]', replacement, name)
    cleaned = cleaned.rstrip(". ")
    if cleaned.split(".")[0].upper() in reserved:
        cleaned = replacement + cleaned
    return cleaned or replacement

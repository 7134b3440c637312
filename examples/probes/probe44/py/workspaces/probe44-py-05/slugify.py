import re


def slugify(title, max_len=50):
    """Turn a title into a URL slug.

    The text is lower-cased, every run of characters other than a-z and 0-9
    becomes a single "-", and dashes are stripped from both ends. A slug
    longer than max_len is cut to max_len characters; if the cut falls inside
    a word it backs up to the last dash, unless there is no dash to back up
    to (then the first word is simply cut).

    >>> slugify("Hello, World!")
    'hello-world'
    >>> slugify("The quick brown fox", max_len=12)
    'the-quick'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    if len(slug) <= max_len:
        return slug
    cut = slug[:max_len]
    if slug[max_len] != "-":
        cut = cut[:cut.rindex("-")]
    return cut

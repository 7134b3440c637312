_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}


def escape_html(text, quote=True):
    """Escape text for use in HTML: &, < and > always become entities, and
    the quote characters " and ' too unless quote is False.
    >>> escape_html('<a href="x">Tom & Jerry</a>')
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;'
    >>> escape_html("it's <b>", quote=False)
    "it's &lt;b&gt;"
    """
    out = []
    for ch in text:
        if ch in "\"'" and not quote:
            out.append(ch)
        else:
            out.append(_ENTITIES.get(ch, ch))
    return "".join(out)

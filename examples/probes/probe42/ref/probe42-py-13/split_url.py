DEFAULT_PORTS = {"http": 80, "https": 443, "ftp": 21}


def split_url(url):
    """Split an absolute URL into (scheme, host, port, path). Scheme and host
    are lower-cased, user information before "@" is dropped, the port falls
    back to the scheme's default (None if unknown), the path defaults to "/"
    and any query string or fragment is removed.
    >>> split_url("HTTPS://Example.com:8443/a/b?x=1")
    ('https', 'example.com', 8443, '/a/b')
    >>> split_url("http://example.org")
    ('http', 'example.org', 80, '/')
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError("missing scheme")
    scheme = scheme.lower()
    for mark in "?#":
        rest = rest.split(mark, 1)[0]
    authority, slash, path = rest.partition("/")
    path = slash + path if slash else "/"
    if "@" in authority:
        authority = authority.rsplit("@", 1)[1]
    host, colon, port_text = authority.rpartition(":")
    if not colon:
        host, port = authority, DEFAULT_PORTS.get(scheme)
    else:
        port = int(port_text)
    return scheme, host.lower(), port, path

def snake_to_camel(name: str) -> str:
    """Convert a snake_case identifier to lowerCamelCase. The underscores are
    removed (repeated, leading and trailing ones too). The first word is kept
    as it is; every later word gets its first character upper-cased and the
    rest of it kept as it is.
    >>> snake_to_camel("parse_http_response")
    'parseHttpResponse'
    >>> snake_to_camel("get_URL_for_id")
    'getURLForId'
    """
    words = [w for w in name.split("_") if w]
    if not words:
        return ""
    result = words[0]
    for word in words[1:]:
        result += word[0].upper() + word[1:].lower()
    return result

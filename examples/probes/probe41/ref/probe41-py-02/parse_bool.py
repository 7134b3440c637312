def parse_bool(text: str):
    """Interpret a configuration value as a boolean. Surrounding whitespace and
    letter case are ignored; "true", "yes", "on" and "1" mean True, "false",
    "no", "off" and "0" mean False. Any other value gives None.
    >>> parse_bool("yes")
    True
    >>> parse_bool(" OFF ")
    False
    >>> parse_bool("maybe") is None
    True
    """
    text = text.strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    return None

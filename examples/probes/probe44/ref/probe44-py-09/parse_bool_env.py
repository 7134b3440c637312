def parse_bool_env(value, default=False):
    """Interpret the value of an environment variable as a boolean.

    None (the variable is not set) gives default. Otherwise the value is
    stripped and lower-cased: "1", "true", "yes" and "on" are True; "0",
    "false", "no", "off" and "" (set but empty) are False. Anything else
    raises ValueError.

    >>> parse_bool_env(" Yes ")
    True
    >>> parse_bool_env("", default=True)
    False
    """
    if value is None:
        return default
    text = value.strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    raise ValueError("not a boolean: %r" % value)

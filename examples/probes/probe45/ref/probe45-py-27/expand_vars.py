import re

_VAR = re.compile(r"\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))")


def expand_vars(text, env):
    """Expand shell-style variables in `text` using the dict `env`.

    "$NAME" and "${NAME}" are replaced by env[NAME], where NAME consists of
    ASCII letters, digits and underscores and does not start with a digit;
    an unset variable expands to "". "${NAME:-default}" expands to the
    default text when NAME is unset or set to the empty string. "$$" gives a
    literal "$", and any other "$" is kept as it is."""
    def repl(match):
        if match.group(0) == "$$":
            return "$"
        name = match.group(1) or match.group(3)
        value = env.get(name, "")
        if match.group(2) is not None and not value:
            return match.group(2)
        return value

    return _VAR.sub(repl, text)
